import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BOMB, checkArchive, TOO_BIG, TOO_MANY } from '../../../server/engine/io/archive-guard.ts';
import { readWorkbook } from '../../../server/engine/io/excel.ts';
import { zipOf } from './zip-fixture.ts';

/* The archive guard: xlsx files are bounded before ExcelJS expands them. */

describe('checkArchive', () => {
  it('lets a real workbook through, which then reads', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('s');
    sheet.addRow(['姓名']);
    sheet.addRow(['张三']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(checkArchive(buffer)).resolves.toBeUndefined();
    expect((await readWorkbook(buffer)).rows).toHaveLength(1);
  });

  it('refuses a zip bomb (a highly compressible entry) before expanding it', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x41) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(checkArchive(bomb)).rejects.toThrow(BOMB);
    await expect(readWorkbook(bomb)).rejects.toThrow(BOMB);
  });

  it('refuses archives that inflate past the total, and ones with too many entries', async () => {
    const big = zipOf([{ name: 'a.xml', data: Buffer.alloc(3 * 1024 * 1024, 0x41) }]);
    await expect(checkArchive(big, { entries: 10, totalBytes: 1024 * 1024, ratio: 100_000 })).rejects.toThrow(TOO_BIG);
    const many = zipOf(Array.from({ length: 30 }, (_, i) => ({ name: `e${i}.txt`, data: Buffer.from('x') })));
    await expect(checkArchive(many, { entries: 10, totalBytes: 1024 * 1024, ratio: 100 })).rejects.toThrow(TOO_MANY);
  });

  it('refuses what is not a zip', async () => {
    await expect(checkArchive(Buffer.from('not a zip at all'))).rejects.toThrow('导入失败，文件不是有效的Excel文件（.xlsx）');
  });
});
