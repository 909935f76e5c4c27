import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gradientPng } from '../../../server/db/demo/images.ts';

/* The demo's pictures are real PNGs: the upload route's sniffing and any browser accept them. */

describe('demo pictures', () => {
  it('writes a PNG with the asked size whose pixels fade from one colour to the other', () => {
    const png = gradientPng(4, 2, [0, 0, 0], [200, 100, 50]);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([4, 2]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe((4 * 3 + 1) * 2);
    expect([...raw.subarray(1, 4)]).toEqual([0, 0, 0]);
    // The last pixel of the last row is most of the way to the second colour.
    expect(raw[raw.length - 3]).toBeGreaterThan(100);
    expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND');
    // The IEND chunk's CRC is the well-known constant.
    expect(png.readUInt32BE(png.length - 4)).toBe(0xae426082);
  });
});
