import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { storedPath } from '../../services/uploads.ts';

/*
 * Pictures for the demo (carousel banners, article covers, WeChat avatars): plain gradient PNGs written
 * into the upload folder under the names uploads get (biz/yyyyMMdd/random.png), so the screens show real thumbnails served by /sys/common/static like any
 * uploaded file. Encoded here (a few lines of PNG) rather than shipped as binary files.
 */

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A width × height PNG fading diagonally from one colour to another. */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = Math.round(from[i] + (to[i] - from[i]) * t);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const PALETTE: readonly (readonly [Rgb, Rgb])[] = [
  [
    [255, 153, 102],
    [255, 94, 98],
  ],
  [
    [86, 204, 242],
    [47, 128, 237],
  ],
  [
    [168, 224, 99],
    [86, 171, 47],
  ],
  [
    [255, 216, 155],
    [25, 84, 123],
  ],
  [
    [238, 156, 167],
    [255, 221, 225],
  ],
  [
    [142, 158, 171],
    [238, 242, 243],
  ],
];

/** Writes the picture as an upload of `biz` is stored and returns its stored path. */
export function writeDemoImage(dataDir: string, biz: string, width: number, height: number, colours: readonly [Rgb, Rgb]): string {
  const path = storedPath(biz, 'png');
  const file = join(dataDir, 'upload', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, gradientPng(width, height, colours[0], colours[1]));
  return path;
}
