import { evaluateCondition } from '../../src/core/schema/condition.ts';
import type { ProcessModel, WfNode } from './model.ts';

/*
 * The token game of the BPMN subset, as a pure function of (model, state, event): no database, no clock of
 * its own. The store persists the state it returns after every step, so a restart resumes exactly there.
 * A token waits only at a user task or a timer; gateways, sub-process borders and end events are passed
 * in the same step. A parallel gateway with several incoming flows joins: it counts arrivals and lets one
 * token on when every incoming flow has delivered.
 */

export interface Token {
  id: string;
  node: string;
}

export interface ExecState {
  tokens: Token[];
  /** Arrivals counted at parallel joins, by gateway id. */
  joins: Record<string, number>;
}

export type Effect =
  { kind: 'task'; token: string; node: WfNode } | { kind: 'timer'; token: string; node: WfNode; dueMs: number } | { kind: 'end'; result: string };

export class ProcessStuck extends Error {}

export interface StepResult {
  state: ExecState;
  effects: Effect[];
}

type Vars = Record<string, unknown>;

class Run {
  readonly effects: Effect[] = [];
  private readonly queue: string[] = [];

  constructor(
    readonly model: ProcessModel,
    readonly state: ExecState,
    readonly vars: Vars,
    readonly newId: () => string,
  ) {}

  arrive(nodeId: string) {
    this.queue.push(nodeId);
  }

  leave(node: WfNode) {
    for (const flowId of this.chosenFlows(node)) this.arrive(this.model.flows[flowId].target);
  }

  /** Outgoing flows a node passes its token to: an exclusive gateway picks one, everything else all. */
  private chosenFlows(node: WfNode): string[] {
    if (node.type !== 'exclusive' || node.outgoing.length < 2) return node.outgoing;
    const taken = node.outgoing.find((id) => id !== node.defaultFlow && evaluateCondition(this.model.flows[id].condition, this.vars));
    const flow = taken ?? node.defaultFlow;
    if (!flow) throw new ProcessStuck(`排他网关【${node.name || node.id}】没有满足条件的分支`);
    return [flow];
  }

  /** Whether anything still runs inside a sub-process (a waiting token or a node queued in this step). */
  private busyInside(scope: string): boolean {
    const inside = (nodeId: string) => {
      for (let n = this.model.nodes[nodeId]; n?.parent; n = this.model.nodes[n.parent]) if (n.parent === scope) return true;
      return false;
    };
    return this.state.tokens.some((t) => inside(t.node)) || this.queue.some(inside);
  }

  drain() {
    for (let nodeId = this.queue.shift(); nodeId !== undefined; nodeId = this.queue.shift()) {
      const node = this.model.nodes[nodeId];
      switch (node.type) {
        case 'start':
        case 'exclusive':
          this.leave(node);
          break;
        case 'parallel': {
          if (node.incoming.length > 1) {
            const arrived = (this.state.joins[node.id] ?? 0) + 1;
            if (arrived < node.incoming.length) {
              this.state.joins[node.id] = arrived;
              break;
            }
            delete this.state.joins[node.id];
          }
          this.leave(node);
          break;
        }
        case 'subProcess':
          this.arrive(node.start!);
          break;
        case 'userTask': {
          const token = { id: this.newId(), node: node.id };
          this.state.tokens.push(token);
          this.effects.push({ kind: 'task', token: token.id, node });
          break;
        }
        case 'timer': {
          const token = { id: this.newId(), node: node.id };
          this.state.tokens.push(token);
          this.effects.push({ kind: 'timer', token: token.id, node, dueMs: node.waitMs ?? 0 });
          break;
        }
        case 'end': {
          if (node.parent) {
            if (!this.busyInside(node.parent)) this.leave(this.model.nodes[node.parent]);
          } else if (!this.state.tokens.length && !this.queue.length) {
            this.effects.push({ kind: 'end', result: node.result ?? 'approved' });
          }
          break;
        }
      }
    }
  }
}

const copy = (state: ExecState): ExecState => ({ tokens: state.tokens.map((t) => ({ ...t })), joins: { ...state.joins } });

function run(model: ProcessModel, state: ExecState, vars: Vars, newId: () => string, begin: (r: Run) => void): StepResult {
  const r = new Run(model, copy(state), vars, newId);
  begin(r);
  r.drain();
  return { state: r.state, effects: r.effects };
}

/** A new instance: the start event's token runs until it waits. */
export const startProcess = (model: ProcessModel, vars: Vars, newId: () => string): StepResult =>
  run(model, { tokens: [], joins: {} }, vars, newId, (r) => r.arrive(model.start));

/** A waiting token goes on (its task approved, its timer fired). */
export function advance(model: ProcessModel, state: ExecState, tokenId: string, vars: Vars, newId: () => string): StepResult {
  const token = state.tokens.find((t) => t.id === tokenId);
  if (!token) throw new ProcessStuck('该步骤已不在进行中');
  return run(model, { ...state, tokens: state.tokens.filter((t) => t.id !== tokenId) }, vars, newId, (r) => r.leave(model.nodes[token.node]));
}

/**
 * Nodes a token at `from` can still reach, `from` included (and none past `stopAt`): a sub-process leads into
 * its start, an inner end out along the sub-process's outgoing flows.
 */
function reachable(model: ProcessModel, from: string, stopAt?: string): Set<string> {
  const next = (node: WfNode): string[] => {
    if (node.type === 'subProcess') return [node.start!];
    const exit = node.type === 'end' && node.parent ? model.nodes[node.parent] : node;
    return exit.outgoing.map((f) => model.flows[f].target);
  };
  const seen = new Set<string>();
  for (const todo = [from]; todo.length;) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (id !== stopAt) todo.push(...next(model.nodes[id]));
  }
  return seen;
}

/** Whether `to` comes after `from` (the steps a task may be rejected back to are those it comes after). */
export const leadsTo = (model: ProcessModel, from: string, to: string): boolean => from !== to && reachable(model, from).has(to);

/**
 * Back to an earlier user task (`tokenId` is the rejecting task's). Tokens the target leads to again are
 * dropped, the rejecting one with them; tokens on branches it does not lead to keep waiting. Every parallel
 * join is then counted anew: an incoming flow that neither the target nor a kept token can still reach has
 * arrived. So a rejection before a split runs every branch again, and one from after a join back into one
 * branch runs that branch again while the other branches' approvals stand (instead of the join waiting
 * forever for them). In a process that loops back around a join a dropped branch may leave the join waiting
 * (流程监控 can terminate it); no step is ever passed unapproved.
 */
export function rejectTo(model: ProcessModel, state: ExecState, tokenId: string, nodeId: string, vars: Vars, newId: () => string): StepResult {
  const node = model.nodes[nodeId];
  if (!node || node.type !== 'userTask') throw new ProcessStuck('只能驳回到之前的审批节点');
  const again = reachable(model, nodeId);
  const from = state.tokens.find((t) => t.id === tokenId);
  if (!from) throw new ProcessStuck('该步骤已不在进行中');
  if (!again.has(from.node)) throw new ProcessStuck('只能驳回到此步骤之前的审批节点');
  const others = state.tokens.filter((t) => t.id !== tokenId);
  const tokens = others.filter((t) => !again.has(t.node));
  const joins: Record<string, number> = {};
  for (const join of Object.values(model.nodes)) {
    if (join.type !== 'parallel' || join.incoming.length < 2) continue;
    // Dropped tokens count as still to come too: a branch is never taken as arrived while a step on it waited unapproved.
    const live = [nodeId, ...others.map((t) => t.node)].map((from) => reachable(model, from, join.id));
    const toCome = join.incoming.filter((f) => live.some((r) => r.has(model.flows[f].source))).length;
    if (toCome > 0 && toCome < join.incoming.length) joins[join.id] = join.incoming.length - toCome;
  }
  return run(model, { tokens, joins }, vars, newId, (r) => r.arrive(nodeId));
}
