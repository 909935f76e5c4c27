import type { ReportRow } from '../../../core/api-types.ts';
import { http } from '../../http/client.ts';

/* The client side of GET /{area}/{entity}/report/{code} (server/engine/read/reports.ts). */

export interface ReportGroup {
  key: string;
  label: string;
  chart: 'bar' | 'pie' | 'line' | 'none';
  rows: ReportRow[];
}

export interface ReportMeasureInfo {
  key: string;
  label: string;
  render?: 'money' | 'number';
}

export interface ReportResult {
  code: string;
  title: string;
  begin: string;
  end: string;
  measures: ReportMeasureInfo[];
  totals: Record<string, number>;
  groups: ReportGroup[];
}

export const reportPath = (docCode: string, report: string) => `${docCode}/report/${report}`;

/** The report over `range`: every dimension, or only those named in `dimensions`. */
export async function fetchReport(docCode: string, report: string, range: { begin: string; end: string }, dimensions?: string[]): Promise<ReportResult> {
  const params = dimensions ? { ...range, dimensions: dimensions.join(',') } : range;
  return (await http.get<ReportResult>(reportPath(docCode, report), params, { silent: true })).result;
}
