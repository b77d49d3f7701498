import type { UploadContentType } from '../../../domain/identity-documents.ts';

/**
 * What an uploaded file really is, decided by its bytes and never by its
 * name or declared type: a JPEG, PNG or PDF whose structure parses from
 * start to end. Images come back with their metadata segments and chunks
 * dropped (camera, place, time), so what is kept is only the picture.
 */
export type ContentCheck =
  | { ok: true; contentType: UploadContentType; bytes: Uint8Array }
  | { ok: false; problem: string };

/** A refusal's reason: not a format we take (or one hiding another), or a damaged or cut-off file. */
export const CONTENT_REFUSALS = {
  notAccepted: 'Only a photo (JPEG or PNG) or a PDF can be uploaded.',
  broken: 'The file is damaged or incomplete. Take the photo again or export the PDF again.',
  activePdf:
    'This PDF has a password, scripts, forms, attachments or actions, which we cannot accept. Print it to a new PDF or upload a photo of it instead.',
} as const;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

const NOT_ACCEPTED = CONTENT_REFUSALS.notAccepted;
const BROKEN = CONTENT_REFUSALS.broken;

/** Markup or a second format hidden inside a file is a polyglot: refused whatever the first format says. */
function hidesAnotherFormat(bytes: Uint8Array, own: 'image' | 'pdf'): boolean {
  const head = latin1(bytes.subarray(0, 64 * 1024)).toLowerCase();
  if (/<(script|html|svg|iframe)[\s>]/.test(head)) return true;
  return own === 'image' && latin1(bytes).includes('%PDF-');
}

export function checkContent(bytes: Uint8Array): ContentCheck {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return checkJpeg(bytes);
  if (startsWith(bytes, PNG_MAGIC)) return checkPng(bytes);
  if (startsWith(bytes, PDF_MAGIC)) return checkPdf(bytes);
  return { ok: false, problem: NOT_ACCEPTED };
}

/** Markers without a length: TEM and the restart markers. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const START_OF_FRAME = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const APP0 = 0xe0;
const APP14 = 0xee;
const COMMENT = 0xfe;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

/**
 * Application segments and comments are metadata (Exif with its GPS block
 * and thumbnail, XMP, ICC, maker notes, multi-picture indexes), dropped;
 * kept are JFIF (APP0) and Adobe's colour transform (APP14), which say how
 * to draw the picture and carry nothing about the customer.
 */
function isJpegMetadata(marker: number, body: Uint8Array): boolean {
  if (marker === APP0) return !startsWith(body, [...Buffer.from('JFIF\0')]);
  if (marker === APP14) return !startsWith(body, [...Buffer.from('Adobe')]);
  return (marker > APP0 && marker <= 0xef) || marker === COMMENT;
}

/**
 * Where the compressed data that starts at `from` ends: at the first marker
 * that is not a stuffed 0xFF00, a fill byte or a restart marker. -1 when
 * the file ends first (cut off).
 */
function scanEnd(bytes: Uint8Array, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1 && at + 1 < bytes.length) {
    const next = bytes[at + 1] as number;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return at;
    at = bytes.indexOf(0xff, at + (next === 0xff ? 1 : 2));
  }
  return -1;
}

/**
 * Walks every segment and every scan (a progressive photo has several, with
 * segments between them) to the end-of-image marker, keeping only what draws
 * the picture. What follows the end of the image (a second picture with its
 * own Exif, as phones append, or a trailer) is not kept.
 */
function checkJpeg(bytes: Uint8Array): ContentCheck {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  let frame = false;
  let scanned = false;
  for (;;) {
    if (at + 2 > bytes.length || bytes[at] !== 0xff) return { ok: false, problem: BROKEN };
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    if (marker === END_OF_IMAGE) {
      if (!scanned) return { ok: false, problem: BROKEN };
      kept.push(bytes.subarray(at, at + 2));
      break;
    }
    if (STANDALONE(marker)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return { ok: false, problem: BROKEN };
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (length < 2 || at + 2 + length > bytes.length) return { ok: false, problem: BROKEN };
    if (START_OF_FRAME(marker)) {
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number);
      if (length < 8 || width === 0 || height === 0) return { ok: false, problem: BROKEN };
      frame = true;
    }
    if (marker === START_OF_SCAN) {
      if (!frame) return { ok: false, problem: BROKEN };
      const end = scanEnd(bytes, at + 2 + length);
      if (end === -1) return { ok: false, problem: BROKEN };
      kept.push(bytes.subarray(at, end));
      scanned = true;
      at = end;
      continue;
    }
    if (!isJpegMetadata(marker, bytes.subarray(at + 4, at + 2 + length)))
      kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  if (hidesAnotherFormat(bytes, 'image')) return { ok: false, problem: NOT_ACCEPTED };
  return { ok: true, contentType: 'image/jpeg', bytes: Buffer.concat(kept) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
/**
 * The chunks that draw the picture (PNG's critical chunks, transparency,
 * colour and pixel size): the only ones kept. Every other chunk is dropped,
 * named (text, XMP in iTXt, Exif, time, ICC profile) or not (a private one).
 */
const PNG_PICTURE = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs']);

function checkPng(bytes: Uint8Array): ContentCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let first = true;
  for (;;) {
    if (at + 12 > bytes.length) return { ok: false, problem: BROKEN };
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return { ok: false, problem: BROKEN };
    const type = latin1(bytes.subarray(at + 4, at + 8));
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) {
      return { ok: false, problem: BROKEN };
    }
    if (first) {
      if (type !== 'IHDR' || length !== 13 || view.getUint32(at + 8) === 0 || view.getUint32(at + 12) === 0) {
        return { ok: false, problem: BROKEN };
      }
      first = false;
    }
    if (PNG_PICTURE.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  if (at !== bytes.length || hidesAnotherFormat(bytes, 'image')) return { ok: false, problem: NOT_ACCEPTED };
  return { ok: true, contentType: 'image/png', bytes: Buffer.concat(kept) };
}

function checkPdf(bytes: Uint8Array): ContentCheck {
  const text = latin1(bytes);
  if (!/^%PDF-\d\.\d/.test(text)) return { ok: false, problem: BROKEN };
  // a whole PDF ends with %%EOF (give or take a line break) after its cross-reference
  const tail = text.slice(-1024);
  if (!/%%EOF\s*$/.test(tail) || !/startxref\s+\d+/.test(tail)) return { ok: false, problem: BROKEN };
  if (hidesAnotherFormat(bytes, 'pdf')) return { ok: false, problem: NOT_ACCEPTED };
  // the names of scripts and the like in plain sight; `pdfContent` then looks in every object, compressed or not
  if (/\/(javascript|js|launch|embeddedfiles?|acroform|xfa|richmedia)\b/i.test(text)) {
    return { ok: false, problem: CONTENT_REFUSALS.activePdf };
  }
  return { ok: true, contentType: 'application/pdf', bytes };
}
