import { describe, expect, it } from 'vitest';
import { readableProblems } from '../../../server/engine/schema/readable-checks.ts';
import { documentOf } from './helpers.ts';

// The checks run on the documents the loader gives the engine, in their tables' column names.
const doc = documentOf;

describe('load checks of labelFrom, rules.checks and dictByField', () => {
  const all = ['web/carousel', 'info/article', 'donation/activity', 'system/user', 'system/depart', 'help/application'].map(doc);

  it('accepts the shipped documents', () => {
    for (const d of all) expect(readableProblems(d, all)).toEqual([]);
  });

  it('refuses a dictionary no document offers, a rule on an unknown field or with both sides, and a type field that does not exist', () => {
    const carousel = doc('web/carousel');
    carousel.entity.fields[0].labelFrom = 'sys_user,password,username';
    carousel.entity.rules = {
      checks: [
        { field: 'end_time', op: '$gte', other: 'ghost', message: 'x' },
        { field: 'end_time', op: '$gte', other: 'start_time', value: 1, message: 'y' },
      ],
    };
    const target = JSON.stringify(carousel.form).replace('"field":"link_type"', '"field":"no_type"');
    carousel.form = JSON.parse(target);
    expect(readableProblems(carousel, all)).toEqual([
      '字段 title 的 labelFrom sys_user,password,username 不是某个文档 dictSource 提供的表字典',
      '控件 select_search_carousel_link_target 的 dictByField 引用了未知字段 no_type',
      'rules.checks 引用了未知字段 ghost',
      'rules.checks 的规则 end_time 需要 other 或 value 之一',
    ]);
  });
});
