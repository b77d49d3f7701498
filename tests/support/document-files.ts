import { deflateSync } from 'node:zlib';

/** Small, well-formed document files built byte by byte, and broken ones made from them. */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/** A 1×1 JPEG whose Exif segment holds `exif` (metadata the upload must drop) and `extra` inside its picture data. */
export function jpeg({ exif = 'GPSLatitude 59.3293', extra = '' }: { exif?: string; extra?: string } = {}): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xe1, [...ascii('Exif\0\0'), ...ascii(exif)]),
    ...segment(0xdb, [0, ...Array(64).fill(1)]),
    ...segment(0xc0, [8, ...u16(1), ...u16(1), 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12,
    0x34,
    ...ascii(extra),
    0xff,
    0xd9,
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A 1×1 grey PNG with a text chunk (metadata the upload must drop). */
export function png(text = 'Author Amina'): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from(text, 'latin1')),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF showing `text`, padded to `size` bytes when given. */
export function pdf(text = 'Council tax bill, 1 Deansgate', size = 0): Buffer {
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\n`;
  const pad = Math.max(0, size - head.length - 40);
  return Buffer.from(`${head}${'%'.repeat(pad)}\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`, 'latin1');
}
