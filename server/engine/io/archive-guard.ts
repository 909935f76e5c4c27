import yauzl from 'yauzl';
import { badRequest } from '../../http/envelope.ts';

/*
 * An .xlsx is a zip: 2 MB of it can expand to gigabytes, which ExcelJS would hold in memory. Before the
 * workbook is read, the archive is walked entry by entry (yauzl, streaming, nothing kept): the number of
 * entries, each entry's compression ratio and the bytes it really inflates to (not what its header
 * claims) are bounded, and the walk stops at the first limit passed.
 */

export const ARCHIVE_LIMITS = {
  entries: 2_000,
  /** Bytes all entries may inflate to together. */
  totalBytes: 50 * 1024 * 1024,
  /** Inflated bytes per compressed byte, for entries big enough for it to matter. */
  ratio: 200,
};

export const TOO_BIG = `导入失败，文件解压后超过 ${ARCHIVE_LIMITS.totalBytes / 1024 / 1024} MB，请拆分后再导入`;
export const BOMB = '导入失败，文件的压缩比异常（疑似压缩炸弹），已拒绝';
export const TOO_MANY = `导入失败，文件中的条目超过 ${ARCHIVE_LIMITS.entries} 个`;
const NOT_XLSX = '导入失败，文件不是有效的Excel文件（.xlsx）';

const open = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => (error || !zip ? reject(error) : resolve(zip))),
  );

/** Throws the reason (a clear message) when the archive is over a limit or not a zip at all. */
export async function checkArchive(buffer: Buffer, limits = ARCHIVE_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw badRequest(NOT_XLSX);
  }
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw badRequest(TOO_MANY);
  }
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(badRequest(message));
    };
    zip.on('error', () => fail(NOT_XLSX));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.ratio) return fail(BOMB);
      if (total + entry.uncompressedSize > limits.totalBytes) return fail(TOO_BIG);
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(NOT_XLSX);
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.totalBytes) {
            stream.destroy();
            fail(TOO_BIG);
          }
        });
        // A header that understates its entry is caught by yauzl (validateEntrySizes).
        stream.on('error', () => fail(BOMB));
        stream.on('end', () => !failed && zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
