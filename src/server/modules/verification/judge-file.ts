import sharp from 'sharp';
import type { UploadContentType } from '../../../domain/identity-documents.ts';
import { CONTENT_REFUSALS, type ContentCheck, checkContent } from './document-content.ts';
import { pdfContent } from './pdf-active-content.ts';

// decoded pictures are customers' documents: none is kept in libvips' operation cache between requests
sharp.cache(false);

/** The largest picture decoded: a 48-megapixel phone photo fits; a decompression bomb does not. */
const MAX_PIXELS = 50_000_000;
const TOO_MANY_PIXELS = 'The photo has more than 50 megapixels. Take it again at a lower resolution.';

/** EXIF orientations (1–8) as the turn and mirror that make the picture upright. */
const UPRIGHT: Readonly<Record<number, { turn: number; mirror: boolean }>> = {
  2: { turn: 0, mirror: true },
  3: { turn: 180, mirror: false },
  4: { turn: 180, mirror: true },
  5: { turn: 90, mirror: true },
  6: { turn: 90, mirror: false },
  7: { turn: 270, mirror: true },
  8: { turn: 270, mirror: false },
};

/**
 * An image decoded in full and encoded again (libvips, off the event loop):
 * only its pixels survive, so nothing hidden in the file's structure goes on
 * to the document store or the provider, and a file no decoder can read is
 * refused. `original` is the file as sent, read for its EXIF orientation
 * only, so a phone photo stored without its metadata still stands upright;
 * `checked` is what `checkContent` kept. JPEG stays JPEG at quality 92 (a
 * phone's own 4:2:0 colour: a 2.75 MB photo comes out at 3.2 MB, its small
 * print as legible); PNG stays lossless.
 */
async function reencodeImage(
  original: Uint8Array,
  checked: { contentType: UploadContentType; bytes: Uint8Array },
): Promise<ContentCheck> {
  try {
    const { orientation = 1 } = await sharp(original, { limitInputPixels: MAX_PIXELS }).metadata();
    const upright = UPRIGHT[orientation] ?? { turn: 0, mirror: false };
    let image = sharp(checked.bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate(upright.turn);
    if (upright.mirror) image = image.flop();
    const bytes =
      checked.contentType === 'image/jpeg'
        ? await image.jpeg({ quality: 92 }).toBuffer()
        : await image.png().toBuffer();
    return { ok: true, contentType: checked.contentType, bytes: new Uint8Array(bytes) };
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    return { ok: false, problem: tooLarge ? TOO_MANY_PIXELS : CONTENT_REFUSALS.broken };
  }
}

/**
 * An uploaded or captured file judged by its bytes: its structure walked
 * (`checkContent`: the format, a polyglot, a cut-off file, metadata dropped),
 * then an image decoded and encoded again, and a PDF parsed and refused if it
 * carries anything active (`pdfContent`); a PDF taken is kept as received.
 */
export async function judgeFile(bytes: Uint8Array): Promise<ContentCheck> {
  const checked = checkContent(bytes);
  if (!checked.ok) return checked;
  if (checked.contentType !== 'application/pdf') return reencodeImage(bytes, checked);
  const content = await pdfContent(checked.bytes);
  if (content === 'passive') return checked;
  return { ok: false, problem: content === 'active' ? CONTENT_REFUSALS.activePdf : CONTENT_REFUSALS.broken };
}
