import { describe, expect, it } from 'vitest';
import { crossCheck } from '../../../server/engine/schema/cross-check.ts';
import { reaches, targetValues } from '../../../server/engine/write/effects.ts';
import { findStep } from '../../../server/engine/write/transitions.ts';
import { availableSteps, needsDialog } from '../../../src/runtime/renderers/list/TransitionActions.tsx';
import type { EffectRule, SchemaDocument, TransitionRule } from '../../../src/core/schema/types.generated.ts';
import { documentOf } from './helpers.ts';

/* Transition effects (create or link another record on reaching a status) and the row actions' step choice. */

const effect: EffectRule = {
  on: { status: '2' },
  upsert: {
    entity: 'student/poor_student',
    match: { id_card: 'id_card' },
    set: { name: 'applicant_name', school: 'school' },
    defaults: { status: '1' },
    linkInto: 'student_id',
  },
};

describe('effects', () => {
  it('fire when a write reaches the value, not when the record was already there', () => {
    expect(reaches(effect, { status: '1' }, { status: '2' })).toBe(true);
    expect(reaches(effect, undefined, { status: '2' })).toBe(true);
    expect(reaches(effect, { status: '2' }, { status: '2' })).toBe(false);
    expect(reaches(effect, { status: '1' }, { status: '3' })).toBe(false);
  });

  it('a created target takes the defaults, the matched and the copied fields; empty values are left out', () => {
    expect(targetValues(effect, { id_card: '530102200901011234', applicant_name: '李小花', school: '' })).toEqual({
      status: '1',
      id_card: '530102200901011234',
      name: '李小花',
    });
  });
});

const rule: TransitionRule = {
  field: 'status',
  steps: [
    { from: ['1', '4'], to: '2', permission: 'p:submit', label: '提交审核' },
    { from: ['2'], to: '3', permission: 'p:approve', label: '立项', fields: ['approved_amount'], comment: 'audit_opinion' },
    { from: ['2'], to: '4', permission: 'p:approve', label: '驳回', comment: 'audit_opinion', commentRequired: true },
    { from: ['3'], to: '5' },
    { from: ['5'], to: '6', label: '结项' },
  ],
};
const doc = {
  code: 'project/application',
  title: '项目申请',
  version: 2,
  entity: { table: 'project_application', fields: [{ name: 'status', label: '状态', type: 'string' }], rules: { transitions: rule } },
} as unknown as SchemaDocument;

describe('transition steps', () => {
  it('finds the step of a move, or none for a skipped one', () => {
    expect(findStep(rule, '4', '2')?.label).toBe('提交审核');
    expect(findStep(rule, '1', '3')).toBeUndefined();
    expect(findStep(rule, null, '2')).toBeUndefined();
  });

  it('row actions: labelled steps from the row status that the user holds (edit for a step without a permission)', () => {
    const labels = (status: string, held: string[]) => availableSteps(doc, { id: '1', status }, (c) => held.includes(c)).map((s) => s.label);
    expect(labels('2', ['p:approve'])).toEqual(['立项', '驳回']);
    expect(labels('2', ['p:submit'])).toEqual([]);
    expect(labels('4', ['p:submit'])).toEqual(['提交审核']);
    // 3→5 has no label: not a row action.
    expect(labels('3', ['p:submit', 'p:approve', 'project:application:edit'])).toEqual([]);
    expect(labels('5', ['project:application:edit'])).toEqual(['结项']);
    expect(labels('5', [])).toEqual([]);
  });

  it('a step with a comment or fields opens a dialog; others only confirm', () => {
    expect(rule.steps.map(needsDialog)).toEqual([false, true, true, false, false]);
  });
});

describe('cross-check of steps, effects and signed roll-ups', () => {
  it('names every field a step, an effect or a subtractWhere refers to that does not exist', () => {
    const help = documentOf('help/application');
    const rules = help.entity.rules!;
    rules.transitions!.steps[0] = { ...rules.transitions!.steps[0], comment: 'no_comment', fields: ['no_field'], stamp: { no_stamp: 'user' } };
    rules.effects = [
      { on: { ghost: '2' }, upsert: { entity: 'student/poor_student', match: { no_target: 'id_card' }, set: { name: 'no_source' }, linkInto: 'no_link' } },
    ];
    const fund = documentOf('project/fund');
    fund.entity.rules!.rollups![2] = { ...fund.entity.rules!.rollups![2], subtractWhere: { no_direction: { $eq: '2' } } };
    const docs = [
      'project/application',
      'project/sending',
      'project/report',
      'student/poor_student',
      'student/aid',
      'donation/activity',
      'system/user',
      'system/depart',
    ].map((c) => [c, documentOf(c)] as const);
    const problems = crossCheck(new Map([...docs, ['help/application', help], ['project/fund', fund]]));
    expect(problems).toEqual([
      'help/application: rules.transitions 的步骤引用了未知字段 no_comment',
      'help/application: rules.transitions 的步骤引用了未知字段 no_field',
      'help/application: rules.transitions 的步骤引用了未知字段 no_stamp',
      'help/application: rules.effects 引用了未知字段 ghost',
      'help/application: rules.effects 引用了未知字段 no_link',
      'help/application: rules.effects 引用了未知字段 no_source',
      'help/application: rules.effects 引用了 student/poor_student 的未知字段 no_target',
      'project/fund: rules.rollups.subtractWhere 的条件引用了未知字段 no_direction',
    ]);
  });
});
