import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';

/**
 * The names that make a PDF do something rather than show something: scripts
 * (an open action or any other action that runs JavaScript), launching a
 * program, files carried inside, forms (AcroForm, XFA), rich media, and
 * actions that send or fetch data. A document for review needs none of them.
 */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'AcroForm',
  'XFA',
  'RichMedia',
  'SubmitForm',
  'ImportData',
  'GoToE',
]);

/**
 * A name's characters, its `#xx` escapes undone in either case (pdf-lib
 * undoes only upper-case ones), so `/J#61vaScript` and `/J#61v#61Script`
 * are `/JavaScript`.
 */
const plainName = (name: PDFName) =>
  name.decodeText().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function carriesActiveName(value: PDFObject, seen: Set<PDFObject>): boolean {
  if (seen.has(value)) return false;
  seen.add(value);
  if (value instanceof PDFName) return ACTIVE_NAMES.has(plainName(value));
  if (value instanceof PDFStream) return carriesActiveName(value.dict, seen);
  if (value instanceof PDFArray) return value.asArray().some((item) => carriesActiveName(item, seen));
  if (value instanceof PDFDict) {
    return value.entries().some(([key, item]) => carriesActiveName(key, seen) || carriesActiveName(item, seen));
  }
  return false;
}

export type PdfContent = 'passive' | 'active' | 'broken';

/**
 * Whether a PDF is only a document to look at: parsed (pdf-lib), with every
 * object, those packed in compressed object streams too, searched for a name
 * of `ACTIVE_NAMES` as a key or a value. A password-protected PDF cannot be
 * searched (its object streams are encrypted), so it counts as active.
 */
export async function pdfContent(bytes: Uint8Array): Promise<PdfContent> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch {
    return 'broken';
  }
  if (document.isEncrypted) return 'active';
  const seen = new Set<PDFObject>();
  const objects = document.context.enumerateIndirectObjects();
  return objects.some(([, object]) => carriesActiveName(object, seen)) ? 'active' : 'passive';
}
