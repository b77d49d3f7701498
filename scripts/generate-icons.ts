/**
 * Draws the Sarraf brand mark (two opposed arrows: money going out, money
 * arriving) on the brand teal and writes the install icons as PNG files in
 * public/icons/. The PNGs are committed; rerun this only when the mark changes:
 *   npx tsx scripts/generate-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];
const TEAL: Rgb = [0x0b, 0x5d, 0x4b];
const WHITE: Rgb = [0xff, 0xff, 0xff];
/** Samples per pixel side, for smooth edges. */
const SUPERSAMPLE = 4;

/** Is (x, y) inside the triangle a-b-c? Points in mark units. */
function inTriangle(x: number, y: number, [ax, ay]: Point, [bx, by]: Point, [cx, cy]: Point): boolean {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  const negative = d1 < 0 || d2 < 0 || d3 < 0;
  const positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

/**
 * The mark in its own units: centred on (0, 0), within x ∈ [-0.8, 0.8] and
 * y ∈ [-0.65, 0.65]. Top arrow points right, bottom arrow points left.
 */
function inMark(x: number, y: number): boolean {
  const topShaft = x >= -0.8 && x <= 0.36 && y >= -0.45 && y <= -0.25;
  const topHead = inTriangle(x, y, [0.35, -0.65], [0.35, -0.05], [0.8, -0.35]);
  const bottomShaft = x >= -0.36 && x <= 0.8 && y >= 0.25 && y <= 0.45;
  const bottomHead = inTriangle(x, y, [-0.35, 0.05], [-0.35, 0.65], [-0.8, 0.35]);
  return topShaft || topHead || bottomShaft || bottomHead;
}

/** The farthest point of the mark from its centre, in mark units. */
const MARK_RADIUS = Math.hypot(0.8, 0.65);

/**
 * RGB pixels of a square icon; `scale` is the size of one mark unit as a
 * fraction of the icon side.
 */
function drawIcon(size: number, scale: number): Buffer {
  const pixels = Buffer.alloc(size * size * 3);
  const unit = scale * size;
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE - size / 2) / unit;
          const y = (py + (sy + 0.5) / SUPERSAMPLE - size / 2) / unit;
          if (inMark(x, y)) covered++;
        }
      }
      const alpha = covered / samples;
      const offset = (py * size + px) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const from = TEAL[channel] ?? 0;
        const to = WHITE[channel] ?? 0;
        pixels[offset + channel] = Math.round(from + (to - from) * alpha);
      }
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour 8-bit PNG (colour type 2), each row with filter 0. */
function encodePng(size: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // compression, filter and interlace methods stay 0
  const stride = size * 3;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let row = 0; row < size; row++) rgb.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Regular icons: the mark spans 60 % of the side. Maskable: the mark stays
 * inside the central circle of radius 40 % (the safe zone every mask keeps),
 * with a margin.
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 0.375 },
  { file: 'icon-512.png', size: 512, scale: 0.375 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.3 / MARK_RADIUS },
];

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const { file, size, scale } of ICONS) {
  const png = encodePng(size, drawIcon(size, scale));
  writeFileSync(new URL(file, outDir), png);
  console.log(`public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
}
