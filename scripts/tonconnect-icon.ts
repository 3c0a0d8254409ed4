/**
 * Writes server/web/tonconnect-icon.png, the TON Connect manifest's icon: public/icon.png resized to the
 * 180×180 PNG wallets expect (box filter over premultiplied RGBA). Run after changing the icon:
 * `npx tsx scripts/tonconnect-icon.ts` (the result is committed; no image library needed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';

const SOURCE = new URL('../public/icon.png', import.meta.url);
const TARGET = new URL('../server/web/tonconnect-icon.png', import.meta.url);
const SIZE = 180;

interface Rgba {
  width: number;
  height: number;
  pixels: Uint8Array;
}

function decodePng(file: Buffer): Rgba {
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (bitDepth !== 8 || colorType !== 6 || interlace !== 0) throw new Error('expected 8-bit RGBA, not interlaced');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

/** Each target pixel averages the source area it covers (weighted by overlap), alpha-premultiplied. */
function resize(source: Rgba, size: number): Rgba {
  const pixels = new Uint8Array(size * size * 4);
  const scaleX = source.width / size;
  const scaleY = source.height / size;
  for (let ty = 0; ty < size; ty++) {
    for (let tx = 0; tx < size; tx++) {
      const [x0, x1, y0, y1] = [tx * scaleX, (tx + 1) * scaleX, ty * scaleY, (ty + 1) * scaleY];
      let [r, g, b, a, weight] = [0, 0, 0, 0, 0];
      for (let sy = Math.floor(y0); sy < Math.ceil(y1); sy++) {
        const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
        for (let sx = Math.floor(x0); sx < Math.ceil(x1); sx++) {
          const w = wy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
          const i = (sy * source.width + sx) * 4;
          const alpha = source.pixels[i + 3]! / 255;
          r += source.pixels[i]! * alpha * w;
          g += source.pixels[i + 1]! * alpha * w;
          b += source.pixels[i + 2]! * alpha * w;
          a += alpha * w;
          weight += w;
        }
      }
      const o = (ty * size + tx) * 4;
      pixels[o] = a > 0 ? Math.round(r / a) : 0;
      pixels[o + 1] = a > 0 ? Math.round(g / a) : 0;
      pixels[o + 2] = a > 0 ? Math.round(b / a) : 0;
      pixels[o + 3] = Math.round((a / weight) * 255);
    }
  }
  return { width: size, height: size, pixels };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

function encodePng({ width, height, pixels }: Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    raw.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(TARGET, encodePng(resize(decodePng(readFileSync(SOURCE)), SIZE)));
console.log(`${TARGET.pathname}: ${SIZE}×${SIZE}`);
