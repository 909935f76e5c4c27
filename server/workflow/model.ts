import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import hopeModdle from '../../src/core/workflow/hope-moddle.json';
import {
  type AssigneeRule,
  type FieldAccess,
  parseAssignee,
  parseAssigneeList,
  parseConditionText,
  parseFieldAccess,
  renameConditionFields,
} from '../../src/core/workflow/rules.ts';
import { columnFor } from '../../src/core/schema/field-names.ts';
import type { Condition } from '../../src/core/schema/types.generated.ts';
import { conditionFields as sqlConditionFields, isCondition } from '../engine/schema/condition.ts';

/*
 * BPMN 2.0 XML → the small graph the interpreter walks. Only the subset the engine runs is accepted:
 * start and end events, user tasks, exclusive and parallel gateways, timer catch events (a duration), and
 * embedded sub-processes. Anything else is refused by name, so a process never deploys with a step that
 * would silently do nothing.
 *
 * The XML names the business document's fields by property (approvedAmount; rules.ts reads an older
 * modeller's column names as their properties), and is checked in those names. The graph the engine runs
 * names them by column (approved_amount), as the records it reads and writes do.
 */

export type NodeType = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel' | 'timer' | 'subProcess';

export interface WfNode {
  id: string;
  type: NodeType;
  name: string;
  /** The sub-process the node sits in (undefined at the top level). */
  parent?: string;
  incoming: string[];
  outgoing: string[];
  /** A field rule's value is the field's column. */
  assignee?: AssigneeRule;
  /** By column. */
  fields?: Record<string, FieldAccess>;
  cc?: AssigneeRule[];
  /** End events: the result the instance ends with. */
  result?: string;
  /** Timer catch events: the wait in milliseconds. */
  waitMs?: number;
  /** Exclusive gateways: the flow taken when no condition holds. */
  defaultFlow?: string;
  /** Sub-processes: their start event. */
  start?: string;
}

export interface WfFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** Naming columns. */
  condition?: Condition;
}

export interface ProcessModel {
  key: string;
  name: string;
  /** The document a process approves (`project/application`), from hope:entity. */
  entity?: string;
  start: string;
  nodes: Record<string, WfNode>;
  flows: Record<string, WfFlow>;
}

export class ProcessInvalid extends Error {}

const TYPES: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:IntermediateCatchEvent': 'timer',
  'bpmn:SubProcess': 'subProcess',
};
/** Drawn for people, not run: kept, and ignored. */
const DECORATIONS = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group']);

const TYPE_NAMES: Record<string, string> = {
  'bpmn:ServiceTask': '服务任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:Task': '普通任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:ManualTask': '人工任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:CallActivity': '调用活动',
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
};

const moddle = BpmnModdle({ hope: hopeModdle });

/** ISO 8601 durations as a modeller writes them: P1D, PT2H, PT30M, PT10S, P1DT12H. */
export function durationMs(text: string | undefined): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text?.trim() ?? '');
  if (!m || text!.trim() === 'P' || text!.trim().endsWith('T')) return undefined;
  const [, d = '0', h = '0', min = '0', s = '0'] = m;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(min)) * 60_000 + Number(s) * 1000;
}

const label = (e: ModdleElement) => (e.name ? `【${e.name}】` : `（${e.id}）`);

/** The engine's names of a rule's fields: properties as columns. */
const byColumn = (access: Record<string, FieldAccess>): Record<string, FieldAccess> =>
  Object.fromEntries(Object.entries(access).map(([field, a]) => [columnFor(field), a]));

/** Parses and checks a process; `fieldsOf` names the fields (properties) a condition or field rule may use. */
export async function parseProcess(xml: string, fieldsOf?: (entity: string) => Set<string> | undefined): Promise<ProcessModel> {
  if (typeof xml !== 'string' || !xml.trim()) throw new ProcessInvalid('流程定义不能为空');
  if (xml.length > 2_000_000) throw new ProcessInvalid('流程定义过大');
  let root: ModdleElement;
  try {
    ({ rootElement: root } = await moddle.fromXML(xml, 'bpmn:Definitions'));
  } catch (error) {
    throw new ProcessInvalid(`无法解析BPMN文件：${(error as Error).message.split('\n')[0]}`);
  }
  const processes = (root.rootElements ?? []).filter((e: ModdleElement) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new ProcessInvalid('BPMN文件必须恰好包含一个流程');
  const proc = processes[0] as ModdleElement;
  if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(proc.id ?? '')) throw new ProcessInvalid('流程标识只能由字母、数字、下划线组成，且以字母开头');
  const entity = proc.entity as string | undefined;
  const allowed = entity ? fieldsOf?.(entity) : undefined;
  if (entity && fieldsOf && !allowed) throw new ProcessInvalid(`流程绑定的表单【${entity}】不存在`);
  const model: ProcessModel = { key: proc.id, name: proc.name || proc.id, entity, start: '', nodes: {}, flows: {} };

  const collect = (container: ModdleElement, parent: string | undefined) => {
    for (const e of (container.flowElements ?? []) as ModdleElement[]) {
      if (DECORATIONS.has(e.$type)) continue;
      if (e.$type === 'bpmn:SequenceFlow') {
        model.flows[e.id] = { id: e.id, name: e.name ?? '', source: e.sourceRef?.id, target: e.targetRef?.id, condition: flowCondition(e, allowed) };
        continue;
      }
      const type = TYPES[e.$type];
      if (!type) throw new ProcessInvalid(`不支持的流程元素：${TYPE_NAMES[e.$type] ?? e.$type.replace('bpmn:', '')}${label(e)}`);
      const node: WfNode = { id: e.id, type, name: e.name ?? '', parent, incoming: [], outgoing: [] };
      if (type === 'start' && e.eventDefinitions?.length) throw new ProcessInvalid(`开始事件${label(e)}不能带有事件定义`);
      if (type === 'end') {
        if (e.eventDefinitions?.length) throw new ProcessInvalid(`结束事件${label(e)}不能带有事件定义`);
        if (e.result && !['approved', 'rejected'].includes(e.result)) throw new ProcessInvalid(`结束事件${label(e)}的结果只能是通过或驳回`);
        node.result = e.result || undefined;
      }
      if (type === 'timer') {
        const def = e.eventDefinitions?.[0];
        if (e.eventDefinitions?.length !== 1 || def.$type !== 'bpmn:TimerEventDefinition') throw new ProcessInvalid(`中间事件${label(e)}只支持定时器`);
        node.waitMs = durationMs(def.timeDuration?.body);
        if (node.waitMs === undefined) throw new ProcessInvalid(`定时器${label(e)}的等待时长格式不正确（例如 PT1H、P1D）`);
      }
      if (type === 'userTask') {
        node.assignee = parseAssignee(e.assignee);
        if (!node.assignee)
          throw new ProcessInvalid(e.assignee ? `用户任务${label(e)}的办理人规则无法解析：${e.assignee}` : `用户任务${label(e)}没有设置办理人`);
        if (node.assignee.kind === 'field') {
          if (allowed && !allowed.has(node.assignee.value)) throw new ProcessInvalid(`用户任务${label(e)}的办理人字段【${node.assignee.value}】不存在`);
          node.assignee = { ...node.assignee, value: columnFor(node.assignee.value) };
        }
        const fields = parseFieldAccess(e.fields);
        if (!fields) throw new ProcessInvalid(`用户任务${label(e)}的字段权限格式不正确`);
        const unknown = Object.keys(fields).filter((f) => allowed && !allowed.has(f));
        if (unknown.length) throw new ProcessInvalid(`用户任务${label(e)}的字段权限引用了不存在的字段：${unknown.join('、')}`);
        node.fields = byColumn(fields);
        node.cc = parseAssigneeList(e.cc);
        if (!node.cc) throw new ProcessInvalid(`用户任务${label(e)}的抄送人规则无法解析`);
      }
      if (type === 'exclusive' && e.default) node.defaultFlow = e.default.id;
      model.nodes[e.id] = node;
      if (type === 'subProcess') {
        collect(e, e.id);
        const starts = Object.values(model.nodes).filter((n) => n.parent === e.id && n.type === 'start');
        if (starts.length !== 1) throw new ProcessInvalid(`子流程${label(e)}必须恰好有一个开始事件`);
        node.start = starts[0].id;
      }
    }
  };
  collect(proc, undefined);

  for (const flow of Object.values(model.flows)) {
    const from = model.nodes[flow.source];
    const to = model.nodes[flow.target];
    if (!from || !to) throw new ProcessInvalid(`连线${flow.name ? `【${flow.name}】` : `（${flow.id}）`}没有连接两个流程节点`);
    from.outgoing.push(flow.id);
    to.incoming.push(flow.id);
  }
  const starts = Object.values(model.nodes).filter((n) => !n.parent && n.type === 'start');
  if (starts.length !== 1) throw new ProcessInvalid('流程必须恰好有一个开始事件');
  model.start = starts[0].id;
  if (!Object.values(model.nodes).some((n) => !n.parent && n.type === 'end')) throw new ProcessInvalid('流程至少需要一个结束事件');
  for (const node of Object.values(model.nodes)) checkNode(model, node);
  return model;
}

function flowCondition(e: ModdleElement, allowed: Set<string> | undefined): Condition | undefined {
  const body = e.conditionExpression?.body as string | undefined;
  if (!body?.trim()) return undefined;
  const name = e.name ? `【${e.name}】` : `（${e.id}）`;
  const condition = parseConditionText(body);
  if (!condition || !isCondition(condition)) throw new ProcessInvalid(`连线${name}的条件无法解析：${body.slice(0, 80)}`);
  const unknown = sqlConditionFields(condition).filter((f) => allowed && !allowed.has(f));
  if (unknown.length) throw new ProcessInvalid(`连线${name}的条件引用了不存在的字段：${unknown.join('、')}`);
  return renameConditionFields(condition, columnFor);
}

function checkNode(model: ProcessModel, node: WfNode): void {
  const name = node.name ? `【${node.name}】` : `（${node.id}）`;
  if (node.type !== 'start' && !node.incoming.length) throw new ProcessInvalid(`节点${name}没有进入的连线`);
  if (node.type !== 'end' && !node.outgoing.length) throw new ProcessInvalid(`节点${name}没有离开的连线`);
  if (node.type === 'start' && node.incoming.length) throw new ProcessInvalid(`开始事件${name}不能有进入的连线`);
  if (node.type === 'exclusive' && node.outgoing.length > 1) {
    const open = node.outgoing.filter((id) => !model.flows[id].condition && id !== node.defaultFlow);
    if (open.length) throw new ProcessInvalid(`排他网关${name}的每条分支都需要条件（或设为默认分支）`);
  }
}
