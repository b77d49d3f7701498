import { describe, expect, it } from 'vitest';
import { CONTENT_REFUSALS, checkContent } from '../../../src/server/modules/verification/document-content.ts';

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
const text = (value: string) => [...Buffer.from(value, 'latin1')];

const START = [0xff, 0xd8];
const TABLES = [
  ...segment(0xdb, [0, ...Array(64).fill(1)]),
  ...segment(0xc2, [8, ...u16(1), ...u16(1), 1, 1, 0x11, 0]),
];
const scan = (data: number[]) => [...segment(0xda, [1, 1, 0, 0, 63, 0]), ...data];
const COMMENT = segment(0xfe, text('taken at 1 Deansgate'));
// scan data with a stuffed 0xFF00 and a restart marker, which do not end it
const FIRST_SCAN = scan([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
const SECOND_SCAN = scan([0x78, 0x9a]);
const HUFFMAN = segment(0xc4, [0, ...Array(16).fill(0)]);

describe('a progressive JPEG, judged by its bytes', () => {
  it('keeps every scan and the tables between them, and drops a comment between scans', () => {
    const photo = Buffer.from([...START, ...TABLES, ...FIRST_SCAN, ...COMMENT, ...HUFFMAN, ...SECOND_SCAN, 0xff, 0xd9]);
    const checked = checkContent(photo);
    expect(checked).toEqual({
      ok: true,
      contentType: 'image/jpeg',
      bytes: Buffer.from([...START, ...TABLES, ...FIRST_SCAN, ...HUFFMAN, ...SECOND_SCAN, 0xff, 0xd9]),
    });
  });

  it('refuses one cut off inside a scan or before its end-of-image marker', () => {
    for (const cut of [
      [...START, ...TABLES, ...FIRST_SCAN],
      [...START, ...TABLES, ...FIRST_SCAN, ...HUFFMAN],
      [...START, ...TABLES, 0xff, 0xd9],
    ]) {
      expect(checkContent(Buffer.from(cut))).toEqual({ ok: false, problem: CONTENT_REFUSALS.broken });
    }
  });
});
