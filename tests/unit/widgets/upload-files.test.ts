import { describe, expect, it } from 'vitest';
import { fileUrl } from '../../../src/runtime/helpers/files.ts';
import { filesToValue, limitOf, nextFiles, trimToLimit, type UploadItem, valueToFiles } from '../../../src/widgets/upload/files.ts';
import { uploadAction, uploadData } from '../../../src/widgets/upload/headers.ts';

const DOMAIN = '/hope-boot/sys/common/static';
const A = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf';
const B = 'temp/20260101/fedcba9876543210fedcba9876543210.png';

describe('value ↔ file list', () => {
  it('turns a comma list of stored paths into done files with static-domain urls and back', () => {
    const files = valueToFiles(`${A}, ${B}`, DOMAIN);
    expect(files).toEqual([
      { uid: '-1', name: '0123456789abcdef0123456789abcdef.pdf', status: 'done', type: 'file', url: `${DOMAIN}/${A}` },
      { uid: '-2', name: 'fedcba9876543210fedcba9876543210.png', status: 'done', type: 'file', url: `${DOMAIN}/${B}` },
    ]);
    expect(filesToValue(files, DOMAIN)).toBe(`${A},${B}`);
    expect(valueToFiles('', DOMAIN)).toEqual([]);
    expect(valueToFiles(undefined, DOMAIN)).toEqual([]);
  });

  it('leaves absolute addresses alone and skips files not done', () => {
    expect(fileUrl('https://cdn.example.org/a.png', DOMAIN)).toBe('https://cdn.example.org/a.png');
    expect(fileUrl('/logo.svg', DOMAIN)).toBe('/logo.svg');
    expect(
      filesToValue(
        [
          { uid: '1', name: 'x', status: 'uploading' },
          { uid: '2', name: 'y', status: 'error' },
        ],
        DOMAIN,
      ),
    ).toBe('');
  });
});

describe('limit', () => {
  it('defaults to 3 and is at least 1', () => {
    expect(limitOf(undefined)).toBe(3);
    expect(limitOf('')).toBe(3);
    expect(limitOf(0)).toBe(1);
    expect(limitOf(-4)).toBe(1);
    expect(limitOf(5)).toBe(5);
  });

  it('trims the extra files with 最大上传数量为{limit}', () => {
    expect(trimToLimit([1, 2, 3, 4], 3)).toEqual({ files: [1, 2, 3], message: '最大上传数量为3' });
    expect(trimToLimit([1, 2], 3)).toEqual({ files: [1, 2] });
  });
});

describe('upload status', () => {
  const uploading: UploadItem = { uid: 'rc-1', name: 'a.pdf', status: 'uploading' };

  it('keeps a done file with code 0 under a generated id and the static-domain url', () => {
    const done = { ...uploading, status: 'done' as const, response: { code: 0, success: true, message: A } };
    const { files, error } = nextFiles([done], done, 'file', 3, DOMAIN);
    expect(error).toBeUndefined();
    expect(files[0].uid).not.toBe('rc-1');
    expect(files[0].url).toBe(`${DOMAIN}/${A}`);
    expect(filesToValue(files, DOMAIN)).toBe(A);
  });

  it('drops the last file on any other code', () => {
    const kept: UploadItem = { uid: '-1', name: 'old', status: 'done', url: `${DOMAIN}/${B}` };
    const refused = { ...uploading, status: 'done' as const, response: { code: 400, success: false, message: '请上传图片（仅支持 gif、jpeg、png）' } };
    const next = nextFiles([kept, refused], refused, 'file', 3, DOMAIN);
    expect(next.files).toEqual([kept]);
    expect(next.error).toBe('请上传图片（仅支持 gif、jpeg、png）');
  });

  it('shows the failure message of the kind on error', () => {
    const failed = { ...uploading, status: 'error' as const };
    expect(nextFiles([failed], failed, 'file', 3, DOMAIN).error).toBe('文件上传失败');
    expect(nextFiles([failed], failed, 'image', 3, DOMAIN).error).toBe('图片上传失败');
  });

  it('removes a file without asking anything, and warns and trims past the limit', () => {
    const kept: UploadItem = { uid: '-1', name: 'old', status: 'done', url: `${DOMAIN}/${B}` };
    expect(nextFiles([], { ...kept, status: 'removed' }, 'file', 3, DOMAIN)).toEqual({ files: [] });
    const many = [1, 2, 3].map((i) => ({ ...kept, uid: `-${i}` }));
    expect(nextFiles([...many, uploading], uploading, 'file', 3, DOMAIN)).toEqual({ files: many, warning: '最大上传数量为3' });
  });
});

describe('upload request', () => {
  it('sends biz temp and isup 1, merged with the JSON extra data, and only to this server', () => {
    expect(uploadData()).toEqual({ biz: 'temp', isup: 1 });
    expect(uploadData('{"biz":"contract"}')).toEqual({ biz: 'contract', isup: 1 });
    expect(uploadData('not json')).toEqual({ biz: 'temp', isup: 1 });
    expect(uploadAction()).toBe('/hope-boot/sys/common/upload');
    expect(uploadAction('https://evil.example.org/upload')).toBe('/hope-boot/sys/common/upload');
    expect(uploadAction('//evil.example.org/upload')).toBe('/hope-boot/sys/common/upload');
    expect(uploadAction('/hope-boot/sys/common/upload2')).toBe('/hope-boot/sys/common/upload2');
  });
});
