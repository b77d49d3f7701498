/**
 * Draws the Sarraf brand mark (two opposed arrows: money going out, money
 * arriving) on the brand teal and writes the install icons and the favicon as
 * PNG files in public/icons/. The PNGs are committed; rerun this only when the
 * mark changes:
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
 * Is (x, y), in pixels from the icon's top left, inside a square of side `size` whose corners are rounded with
 * radius `corner` (a fraction of the side)?
 */
function inRoundedSquare(x: number, y: number, size: number, corner: number): boolean {
  const radius = corner * size;
  const dx = Math.max(radius - x, x - (size - radius), 0);
  const dy = Math.max(radius - y, y - (size - radius), 0);
  return dx * dx + dy * dy <= radius * radius;
}

/**
 * Pixels of a square icon, RGB, or RGBA when its corners are rounded (`corner`, a fraction of the side; transparent
 * outside them); `scale` is the size of one mark unit as a fraction of the icon side.
 */
function drawIcon(size: number, scale: number, corner?: number): Buffer {
  const channels = corner === undefined ? 3 : 4;
  const pixels = Buffer.alloc(size * size * channels);
  const unit = scale * size;
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let inside = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = px + (sx + 0.5) / SUPERSAMPLE;
          const y = py + (sy + 0.5) / SUPERSAMPLE;
          if (inMark((x - size / 2) / unit, (y - size / 2) / unit)) covered++;
          if (corner === undefined || inRoundedSquare(x, y, size, corner)) inside++;
        }
      }
      const alpha = covered / samples;
      const offset = (py * size + px) * channels;
      for (let channel = 0; channel < 3; channel++) {
        const from = TEAL[channel] ?? 0;
        const to = WHITE[channel] ?? 0;
        pixels[offset + channel] = Math.round(from + (to - from) * alpha);
      }
      if (channels === 4) pixels[offset + 3] = Math.round((255 * inside) / samples);
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

/** A truecolour 8-bit PNG, with alpha (colour type 6) or without (2), each row with filter 0. */
function encodePng(size: number, pixels: Buffer): Buffer {
  const channels = pixels.length / (size * size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(channels === 4 ? 6 : 2, 9); // colour type: RGBA or RGB
  // compression, filter and interlace methods stay 0
  const stride = size * channels;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let row = 0; row < size; row++) pixels.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
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
 * with a margin. The favicon: the regular icon with rounded corners, 48 px
 * (a 16 px tab at three device pixels per CSS pixel); a PNG, not an SVG,
 * because the browser draws an SVG favicon by building a document for it on
 * the page's main thread as the page starts (docs/decisions.md).
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 0.375 },
  { file: 'icon-512.png', size: 512, scale: 0.375 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.3 / MARK_RADIUS },
  { file: 'favicon-48.png', size: 48, scale: 0.375, corner: 0.18 },
];

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const { file, size, scale, corner } of ICONS) {
  const png = encodePng(size, drawIcon(size, scale, corner));
  writeFileSync(new URL(file, outDir), png);
  console.log(`public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
}
