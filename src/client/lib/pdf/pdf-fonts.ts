import latin from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?inline';
import latinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?inline';
import vietnamese from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff?inline';
import arabic from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff?inline';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts a PDF of ours writes with: Noto Sans in the parts of Unicode its
 * package splits it into (Latin; Latin Extended, for Turkish, Polish, Czech, …;
 * Vietnamese) and Noto Sans Arabic (Arabic, Persian and Urdu letters and
 * digits), in that order of preference. Each is the package's WOFF file,
 * inlined into the PDF chunk (so a PDF can be made offline, from the precache),
 * and only the glyphs a document uses are embedded (pdf-lib's subsetting, with
 * fontkit, which also shapes Arabic into its joined forms).
 */
const FONT_FILES = [latin, latinExt, vietnamese, arabic] as const;

/** The bytes of an inlined file: Vite gives a `data:` URL, base64. */
function bytesOf(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fonts, embedded in `doc` as subsets, in order of preference. */
export async function embedFonts(doc: PDFDocument): Promise<PDFFont[]> {
  doc.registerFontkit(fontkit);
  return Promise.all(FONT_FILES.map((file) => doc.embedFont(bytesOf(file), { subset: true })));
}
