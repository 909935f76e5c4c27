import ExcelJS from 'exceljs';
import type { ReportResult } from '../read/reports.ts';
import { sheetName } from './excel.ts';

/*
 * A report as a workbook: a 汇总 sheet with the range and the totals, then one sheet per dimension
 * (its groups as rows, the measures as columns). Numbers stay numbers so the figures can be summed in Excel.
 */

export async function reportWorkbook(report: ReportResult): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet('汇总');
  summary.columns = [
    { header: '项目', key: 'item', width: 20 },
    { header: '数值', key: 'value', width: 20 },
  ];
  summary.getRow(1).font = { bold: true };
  summary.addRow({ item: '报表', value: report.title });
  summary.addRow({ item: '统计区间', value: `${report.begin} 至 ${report.end}` });
  for (const m of report.measures) summary.addRow({ item: m.label, value: report.totals[m.key] });
  for (const group of report.groups) {
    const sheet = workbook.addWorksheet(sheetName(group.label));
    sheet.columns = [
      { header: group.label.replace(/^按/, ''), key: 'text', width: 24 },
      ...report.measures.map((m) => ({ header: m.label, key: m.key, width: 16 })),
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of group.rows) sheet.addRow({ text: row.text, ...Object.fromEntries(report.measures.map((m) => [m.key, row[m.key]])) });
    sheet.addRow({ text: '合计', ...report.totals }).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
