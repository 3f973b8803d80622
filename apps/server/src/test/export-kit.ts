import { type ApiClient, type Envelope, GATEWAY_PATHS, type OperationContract } from '@merchant/contracts';
import { EXPORT_DOWNLOAD_PATH, fileNameFromDisposition } from '@merchant/contracts/file/export-task';
import ExcelJS from 'exceljs';

export type ExportAnswer =
  | { kind: 'file'; status: number; fileName: string; headers: Headers; workbook: ExcelJS.Workbook; bytes: number }
  | { kind: 'json'; status: number; envelope: Envelope };

async function answer(res: Response): Promise<ExportAnswer> {
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    return { kind: 'json', status: res.status, envelope: (await res.json()) as Envelope };
  }
  const buf = Buffer.from(await res.arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  return {
    kind: 'file',
    status: res.status,
    fileName: fileNameFromDisposition(res.headers.get('content-disposition')) ?? '',
    headers: res.headers,
    workbook,
    bytes: buf.length,
  };
}

/** Exports a list through the real client and secure channel: the workbook, or the JSON envelope. */
export async function exportList(
  client: ApiClient,
  operation: OperationContract | string,
  body: unknown = {},
  extra: { exportName?: string; exportType?: number } = {},
): Promise<ExportAnswer> {
  const name = typeof operation === 'string' ? operation : operation.name;
  return answer(await client.send({ method: 'POST', path: GATEWAY_PATHS.export, body: { name, body, exportType: 3, ...extra } }));
}

/** Downloads a finished export task's file. */
export async function downloadTask(client: ApiClient, id: number): Promise<ExportAnswer> {
  return answer(await client.send({ method: 'POST', path: EXPORT_DOWNLOAD_PATH, body: { id } }));
}

/** A sheet's rows as arrays of cell values (header first). */
export function sheetRows(wb: ExcelJS.Workbook, index = 0): unknown[][] {
  const out: unknown[][] = [];
  wb.worksheets[index].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}
