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

  it('rejecting back across a join drops the other branch and the half-counted join', async () => {
    const model = await parseProcess(
      bpmn(
        'back',
        [['startEvent', 's'], task('first'), ['parallelGateway', 'fork'], task('a'), task('b'), ['parallelGateway', 'join'], ['endEvent', 'e']],
        ['s->first', 'first->fork', 'fork->a', 'fork->b', 'a->join', 'b->join', 'join->e'],
      ),
    );
    const started = startProcess(model, {}, id);
    const split = advance(model, started.state, tokenAt(started, 'first'), {}, id);
    const half = advance(model, split.state, tokenAt(split, 'a'), {}, id);
    expect(half.state.joins.join).toBe(1);
    const back = rejectTo(model, 'first', {}, id);
    expect(waiting(back)).toEqual(['first']);
    expect(back.state.joins).toEqual({});
    // Going through again needs both branches again.
    const again = advance(model, back.state, tokenAt(back, 'first'), {}, id);
    const onlyA = advance(model, again.state, tokenAt(again, 'a'), {}, id);
    expect(onlyA.effects).toEqual([]);
    expect(waiting(onlyA)).toEqual(['b']);
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
    const fields = () => new Set(['apply_amount', 'status']);
    const xml = bpmn(
      'x',
      [['startEvent', 's'], ['exclusiveGateway', 'g', { default: 'f_g_b' }], task('a'), task('b'), ['endEvent', 'e']],
      ['s->g', 'g->a if {"amount":{"$gt":1}}', 'g->b', 'a->e', 'b->e'],
      ' hope:entity="project/application"',
    );
    await expect(parseProcess(xml, fields)).rejects.toThrow('的条件引用了不存在的字段：amount');
  });

  it('reads ISO durations', () => {
    expect(durationMs('PT30M')).toBe(1_800_000);
    expect(durationMs('P1DT1H')).toBe(25 * 3_600_000);
    expect(durationMs('PT')).toBeUndefined();
    expect(durationMs('soon')).toBeUndefined();
  });
});
