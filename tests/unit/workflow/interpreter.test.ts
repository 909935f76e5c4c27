import { describe, expect, it } from 'vitest';
import { advance, type ExecState, rejectTo, startProcess, type StepResult } from '../../../server/workflow/interpreter.ts';
import { durationMs, parseProcess, ProcessInvalid } from '../../../server/workflow/model.ts';
import { bpmn } from './bpmn-fixture.ts';

let n = 0;
const id = () => `t${++n}`;
const task = (tid: string, name = tid) => ['userTask', tid, { name, 'hope:assignee': 'role:finance' }] as [string, string, Record<string, string>];
const waiting = (s: StepResult | ExecState) => ('state' in s ? s.state : s).tokens.map((t) => t.node).sort();
const tokenAt = (s: StepResult, node: string) => s.state.tokens.find((t) => t.node === node)!.id;

describe('the BPMN interpreter', () => {
  it('takes the exclusive branch whose condition holds, else the default', async () => {
    const xml = bpmn(
      'amount',
      [['startEvent', 's'], ['exclusiveGateway', 'g', { default: 'f_g_small' }], task('big'), task('small'), ['endEvent', 'e']],
      ['s->g', 'g->big if {"apply_amount":{"$gt":100000}}', 'g->small', 'big->e', 'small->e'],
    );
    const model = await parseProcess(xml);
    expect(waiting(startProcess(model, { apply_amount: 200000 }, id))).toEqual(['big']);
    expect(waiting(startProcess(model, { apply_amount: 5000 }, id))).toEqual(['small']);
  });

  it('splits in parallel and joins only when every branch has arrived', async () => {
    const model = await parseProcess(
      bpmn(
        'par',
        [
          ['startEvent', 's'],
          ['parallelGateway', 'fork'],
          task('a'),
          task('b'),
          ['parallelGateway', 'join'],
          task('after'),
          ['endEvent', 'e', { 'hope:result': 'approved' }],
        ],
        ['s->fork', 'fork->a', 'fork->b', 'a->join', 'b->join', 'join->after', 'after->e'],
      ),
    );
    const started = startProcess(model, {}, id);
    expect(waiting(started)).toEqual(['a', 'b']);
    const one = advance(model, started.state, tokenAt(started, 'a'), {}, id);
    expect(waiting(one)).toEqual(['b']);
    expect(one.state.joins.join).toBe(1);
    const both = advance(model, one.state, tokenAt(one, 'b'), {}, id);
    expect(waiting(both)).toEqual(['after']);
    expect(both.state.joins).toEqual({});
    const done = advance(model, both.state, tokenAt(both, 'after'), {}, id);
    expect(done.effects).toEqual([{ kind: 'end', result: 'approved' }]);
    expect(done.state.tokens).toEqual([]);
  });

  it('waits at a timer and goes on when it fires', async () => {
    const model = await parseProcess(
      bpmn(
        'wait',
        [['startEvent', 's'], ['intermediateCatchEvent', 'w', { timer: 'PT2H' }], task('later'), ['endEvent', 'e']],
        ['s->w', 'w->later', 'later->e'],
      ),
    );
    const started = startProcess(model, {}, id);
    expect(started.effects).toMatchObject([{ kind: 'timer', dueMs: 2 * 3600_000 }]);
    const fired = advance(model, started.state, tokenAt(started, 'w'), {}, id);
    expect(waiting(fired)).toEqual(['later']);
  });

  it('runs a sub-process and leaves it when its inner end is reached', async () => {
    const model = await parseProcess(
      bpmn(
        'sub',
        [['startEvent', 's'], ['subProcess', 'sp', {}, [['startEvent', 'ss'], task('inner'), ['endEvent', 'se']]], task('outer'), ['endEvent', 'e']],
        ['s->sp', 'sp->outer', 'outer->e'],
        '',
        { sp: ['ss->inner', 'inner->se'] },
      ),
    );
    const started = startProcess(model, {}, id);
    expect(waiting(started)).toEqual(['inner']);
    const left = advance(model, started.state, tokenAt(started, 'inner'), {}, id);
    expect(waiting(left)).toEqual(['outer']);
  });

  describe('rejecting back', () => {
    // first → fork → (a1 → a2 | b) → join → after → end
    const parallel = () =>
      parseProcess(
        bpmn(
          'back',
          [
            ['startEvent', 's'],
            task('first'),
            ['parallelGateway', 'fork'],
            task('a1'),
            task('a2'),
            task('b'),
            ['parallelGateway', 'join'],
            task('after'),
            ['endEvent', 'e'],
          ],
          ['s->first', 'first->fork', 'fork->a1', 'a1->a2', 'fork->b', 'a2->join', 'b->join', 'join->after', 'after->e'],
        ),
      );
    const through = (model: Awaited<ReturnType<typeof parallel>>, s: StepResult, ...nodes: string[]) =>
      nodes.reduce((r, node) => advance(model, r.state, tokenAt(r, node), {}, id), s);

    it('to before the split: the other branch and the half-counted join are dropped, every branch runs again', async () => {
      const model = await parallel();
      const half = through(model, startProcess(model, {}, id), 'first', 'b');
      expect(half.state.joins.join).toBe(1);
      const back = rejectTo(model, half.state, tokenAt(half, 'a1'), 'first', {}, id);
      expect(waiting(back)).toEqual(['first']);
      expect(back.state.joins).toEqual({});
      const again = through(model, back, 'first', 'a1', 'a2');
      expect(waiting(again)).toEqual(['b']);
      expect(again.effects).toEqual([]);
    });

    it("across a join into one branch: only that branch runs again, the other branch's approval stands", async () => {
      const model = await parallel();
      const joined = through(model, startProcess(model, {}, id), 'first', 'a1', 'a2', 'b');
      expect(waiting(joined)).toEqual(['after']);
      const back = rejectTo(model, joined.state, tokenAt(joined, 'after'), 'a1', {}, id);
      expect(waiting(back)).toEqual(['a1']);
      expect(back.state.joins).toEqual({ join: 1 });
      expect(waiting(through(model, back, 'a1', 'a2'))).toEqual(['after']);
    });

    it('within a branch: the other branch keeps waiting and is still needed at the join', async () => {
      const model = await parallel();
      const inBranch = through(model, startProcess(model, {}, id), 'first', 'a1');
      expect(waiting(inBranch)).toEqual(['a2', 'b']);
      const back = rejectTo(model, inBranch.state, tokenAt(inBranch, 'a2'), 'a1', {}, id);
      expect(waiting(back)).toEqual(['a1', 'b']);
      expect(back.state.tokens.find((t) => t.node === 'b')!.id).toBe(tokenAt(inBranch, 'b'));
      expect(back.state.joins).toEqual({});
      const aDone = through(model, back, 'a1', 'a2');
      expect(waiting(aDone)).toEqual(['b']);
      expect(waiting(through(model, aDone, 'b'))).toEqual(['after']);
    });

    it('never sideways to a step on another branch, nor to a step that is not a user task', async () => {
      const model = await parallel();
      const s = through(model, startProcess(model, {}, id), 'first', 'b');
      expect(() => rejectTo(model, s.state, tokenAt(s, 'a1'), 'b', {}, id)).toThrow('只能驳回到此步骤之前的审批节点');
      expect(() => rejectTo(model, s.state, tokenAt(s, 'a1'), 'fork', {}, id)).toThrow('只能驳回到之前的审批节点');
    });

    it('from after a sub-process back into it, and out again', async () => {
      const model = await parseProcess(
        bpmn(
          'subBack',
          [['startEvent', 's'], ['subProcess', 'sp', {}, [['startEvent', 'ss'], task('inner'), ['endEvent', 'se']]], task('outer'), ['endEvent', 'e']],
          ['s->sp', 'sp->outer', 'outer->e'],
          '',
          { sp: ['ss->inner', 'inner->se'] },
        ),
      );
      const outer = through(model, startProcess(model, {}, id), 'inner');
      const back = rejectTo(model, outer.state, tokenAt(outer, 'outer'), 'inner', {}, id);
      expect(waiting(back)).toEqual(['inner']);
      expect(waiting(through(model, back, 'inner'))).toEqual(['outer']);
    });
  });
});

describe('what a process may contain', () => {
  const refused = async (xml: string) => {
    try {
      await parseProcess(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(ProcessInvalid);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('names an unsupported element, a task without assignee, a condition that does not parse', async () => {
    expect(
      await refused(
        bpmn(
          'x',
          [
            ['startEvent', 's'],
            ['serviceTask', 'svc', { name: '发邮件' }],
            ['endEvent', 'e'],
          ],
          ['s->svc', 'svc->e'],
        ),
      ),
    ).toBe('不支持的流程元素：服务任务【发邮件】');
    expect(
      await refused(
        bpmn(
          'x',
          [
            ['startEvent', 's'],
            ['userTask', 'u', { name: '审核' }],
            ['endEvent', 'e'],
          ],
          ['s->u', 'u->e'],
        ),
      ),
    ).toBe('用户任务【审核】没有设置办理人');
    expect(
      await refused(bpmn('x', [['startEvent', 's'], ['exclusiveGateway', 'g'], task('a'), ['endEvent', 'e']], ['s->g', 'g->a if amount > 5', 'a->e'])),
    ).toContain('的条件无法解析');
    expect(
      await refused(
        bpmn(
          'x',
          [['startEvent', 's'], ['exclusiveGateway', 'g'], task('a'), task('b'), ['endEvent', 'e']],
          ['s->g', 'g->a if {"x":{"$gt":1}}', 'g->b', 'a->e', 'b->e'],
        ),
      ),
    ).toContain('每条分支都需要条件');
    expect(await refused('<not-bpmn/>')).toContain('无法解析BPMN文件');
  });

  it('checks condition and field names against the bound document', async () => {
    const fields = () => new Set(['applyAmount', 'status']);
    const xml = bpmn(
      'x',
      [['startEvent', 's'], ['exclusiveGateway', 'g', { default: 'f_g_b' }], task('a'), task('b'), ['endEvent', 'e']],
      ['s->g', 'g->a if {"amount":{"$gt":1}}', 'g->b', 'a->e', 'b->e'],
      ' hope:entity="project/application"',
    );
    await expect(parseProcess(xml, fields)).rejects.toThrow('的条件引用了不存在的字段：amount');
  });

  it('reads rules by property, or by column as processes modelled before did, and runs them by column', async () => {
    const fields = () => new Set(['applyAmount', 'approvedAmount', 'reviewer']);
    const drawn = (amount: string, approved: string, reviewer: string) =>
      bpmn(
        'x',
        [
          ['startEvent', 's'],
          ['exclusiveGateway', 'g', { default: 'f_g_b' }],
          ['userTask', 'a', { 'hope:assignee': `field:${reviewer}`, 'hope:fields': `${approved}:edit` }],
          task('b'),
          ['endEvent', 'e'],
        ],
        ['s->g', `g->a if {"${amount}":{"$gt":100000}}`, 'g->b', 'a->e', 'b->e'],
        ' hope:entity="project/application"',
      );
    for (const xml of [drawn('applyAmount', 'approvedAmount', 'reviewer'), drawn('apply_amount', 'approved_amount', 'reviewer')]) {
      const model = await parseProcess(xml, fields);
      expect(model.flows.f_g_a.condition).toEqual({ apply_amount: { $gt: 100000 } });
      expect(model.nodes.a.fields).toEqual({ approved_amount: 'edit' });
      expect(model.nodes.a.assignee).toEqual({ kind: 'field', value: 'reviewer' });
      // The engine's values are the record's columns.
      expect(waiting(startProcess(model, { apply_amount: 200000 }, id))).toEqual(['a']);
      expect(waiting(startProcess(model, { apply_amount: 5000 }, id))).toEqual(['b']);
    }
    await expect(parseProcess(drawn('applyAmount', 'approvedAmount', 'nobody'), fields)).rejects.toThrow('的办理人字段【nobody】不存在');
    await expect(parseProcess(drawn('applyAmount', 'approvalAmount', 'reviewer'), fields)).rejects.toThrow('的字段权限引用了不存在的字段：approvalAmount');
  });

  it('reads ISO durations', () => {
    expect(durationMs('PT30M')).toBe(1_800_000);
    expect(durationMs('P1DT1H')).toBe(25 * 3_600_000);
    expect(durationMs('PT')).toBeUndefined();
    expect(durationMs('soon')).toBeUndefined();
  });
});
