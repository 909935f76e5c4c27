import { describe, expect, it } from 'vitest';
import { formatCode, formatDate, fromDef, periodOf } from '../../../server/engine/write/fill-rules.ts';
import { isMaskedOf, maskValue } from '../../../server/engine/read/masking.ts';

describe('masking', () => {
  it.each([
    ['phone', '13812341234', '138****1234'],
    ['idcard', '110101199001011234', '110101****1234'],
    ['bankcard', '6222021234567890123', '622202****0123'],
    ['name', '张三丰', '张**'],
    ['name', '李', '李'],
    ['email', 'zhang@example.org', 'z****@example.org'],
    ['phone', '12345', '****'],
  ] as const)('%s %s → %s', (kind, value, masked) => {
    expect(maskValue(kind, value)).toBe(masked);
  });

  it('leaves empty values alone', () => {
    expect(maskValue('phone', null)).toBeNull();
    expect(maskValue('phone', '')).toBe('');
  });

  it('recognises a masked value sent back for the stored one, and nothing else', () => {
    expect(isMaskedOf('phone', '138****1234', '13812341234')).toBe(true);
    expect(isMaskedOf('phone', '13812341234', '13812341234')).toBe(false);
    expect(isMaskedOf('phone', '139****1234', '13812341234')).toBe(false);
    expect(isMaskedOf('phone', '****', null)).toBe(false);
  });
});

describe('fill rules', () => {
  const at = '2025-05-12 10:20:30';

  it('formats prefix + date + zero-padded sequence', () => {
    const rule = fromDef({ code: 'r', name: 'r', prefix: 'JZ', dateFormat: 'YYYYMMDD', seqLength: 4 });
    expect(formatCode(rule, at, 7)).toBe('JZ202505120007');
    expect(formatCode(rule, at, 12345)).toBe('JZ2025051212345');
    expect(formatDate('YYYYMM', at)).toBe('202505');
    expect(formatDate('', at)).toBe('');
  });

  it('restarts the sequence per period, by default the period of the date format', () => {
    expect(fromDef({ code: 'r', name: 'r', prefix: 'A', dateFormat: 'YYYYMMDD' }).reset).toBe('day');
    expect(fromDef({ code: 'r', name: 'r', prefix: 'A', dateFormat: 'YYYYMM' }).reset).toBe('month');
    expect(fromDef({ code: 'r', name: 'r', prefix: 'A' })).toMatchObject({ reset: 'never', seqLength: 4, dateFormat: '' });
    expect([periodOf('day', at), periodOf('month', at), periodOf('year', at), periodOf('never', at)]).toEqual(['20250512', '202505', '2025', '']);
  });
});
