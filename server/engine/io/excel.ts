import ExcelJS from 'exceljs';
import { checkArchive } from './archive-guard.ts';
import { PassThrough, Readable } from 'node:stream';
import { ApiError, badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Row } from '../read/reader.ts';

/*
 * Spreadsheets in and out. Export writes the list's columns under their titles, with dictionary and
 * reference texts in place of codes and ids, and every value as text (so dates never shift with a time
 * zone). Import reads the first sheet: a header row, then one record per non-empty row.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  name: string;
  title: string;
  width?: number;
}

/** The list's columns (or, without a list, the fields), as the export writes them. */
export function exportColumns(model: EntityModel): SheetColumn[] {
  const columns = model.doc.list?.columns;
  if (columns) return columns.map((c) => ({ name: c.dataIndex, title: c.title ?? model.columns.get(c.dataIndex)?.label ?? c.dataIndex, width: c.width }));
  return model.fields.map((f) => ({ name: f.name, title: f.label }));
}

function cellText(row: Row, name: string): string | number {
  const text = row[`${name}_dictText`];
  if (text !== undefined) return String(text || (row[name] ?? ''));
  const value = row[name];
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A sheet's name as Excel allows it: no \\ / ? * [ ] :, at most 31 characters. */
export const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/**
 * One sheet written as a stream (ExcelJS's WorkbookWriter): rows are laid out as they are added, so a large
 * export is built page by page with the event loop turning in between, instead of in one piece.
 */
export class SheetWriter {
  private readonly chunks: Buffer[] = [];
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    title: string,
    private readonly columns: SheetColumn[],
  ) {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet(sheetName(title) || 'Sheet1');
    this.sheet.columns = columns.map((c) => ({ header: c.title, key: c.name, width: Math.max(10, Math.round((c.width ?? 120) / 7)) }));
    this.sheet.getRow(1).font = { bold: true };
  }

  /** Adds rows under the columns (texts in place of codes, see cellText). */
  add(rows: Row[]): void {
    for (const row of rows) this.sheet.addRow(Object.fromEntries(this.columns.map((c) => [c.name, cellText(row, c.name)]))).commit();
  }

  async finish(): Promise<Buffer> {
    this.sheet.commit();
    await this.workbook.commit();
    return Buffer.concat(this.chunks);
  }
}

/** One sheet: the columns under their titles, a row per record. */
export async function writeSheet(title: string, columns: SheetColumn[], rows: Row[]): Promise<Buffer> {
  const writer = new SheetWriter(title, columns);
  writer.add(rows);
  return writer.finish();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel cell's value as JSON-ish data: dates as 'YYYY-MM-DD HH:mm:ss' (Excel dates carry no zone). */
export function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

export interface Sheet {
  headers: string[];
  /** Data rows with their spreadsheet row numbers (the header is row 1). */
  rows: { row: number; cells: unknown[] }[];
}

export const MAX_IMPORT_ROWS = 10_000;

/** A sheet's rows as they are read: the first is the header, empty ones are skipped, over MAX_IMPORT_ROWS refused. */
class SheetCollector {
  headers: string[] | undefined;
  readonly rows: Sheet['rows'] = [];

  add(number: number, values: ExcelJS.CellValue[]): void {
    if (!this.headers) {
      this.headers = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => String(cellValue(values[i + 1]) ?? '').trim());
      return;
    }
    const cells = this.headers.map((_, i) => cellValue(values[i + 1]));
    if (!cells.some((c) => c !== null)) return;
    if (this.rows.length === MAX_IMPORT_ROWS) throw badRequest(`导入失败，一次最多导入${MAX_IMPORT_ROWS}行`);
    this.rows.push({ row: number, cells });
  }

  sheet(): Sheet {
    if (!this.headers || !this.rows.length) throw badRequest('导入失败，文件中没有数据');
    return { headers: this.headers, rows: this.rows };
  }
}

/** The first sheet through ExcelJS's streaming reader, which lets the event loop turn while it parses. */
async function streamFirstSheet(buffer: Buffer, into: SheetCollector): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) into.add(row.number, row.values as ExcelJS.CellValue[]);
    return;
  }
}

/** The first sheet loaded whole (ExcelJS's in-memory reader): any order of the archive's entries. */
async function loadFirstSheet(buffer: Buffer, into: SheetCollector): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return;
  for (let r = 1; r <= sheet.rowCount; r++) into.add(r, sheet.getRow(r).values as ExcelJS.CellValue[]);
}

/**
 * The first sheet, read as a stream: Node serves other requests while a large sheet is parsed (loading
 * 10,000 rows at once held the event loop for a third of a second), and a sheet over MAX_IMPORT_ROWS is
 * refused as soon as its row MAX_IMPORT_ROWS + 1 is read. ExcelJS's streaming reader fails on an archive whose
 * worksheet comes before xl/workbook.xml (it reads `model.sheets` before the workbook is parsed; ExcelJS's own
 * writer makes such files now and then): such a file is read again whole, which takes any order.
 */
export async function readWorkbook(buffer: Buffer): Promise<Sheet> {
  // Bounded before ExcelJS expands anything (archive-guard.ts).
  await checkArchive(buffer);
  for (const read of [streamFirstSheet, loadFirstSheet]) {
    const collector = new SheetCollector();
    try {
      await read(buffer, collector);
      return collector.sheet();
    } catch (error) {
      if (error instanceof ApiError) throw error;
    }
  }
  throw badRequest('导入失败，文件不是有效的Excel文件（.xlsx）');
}
