import { textPdf } from '../../lib/pdf/text-pdf.ts';

/**
 * A receipt as a PDF, from the receipt as it is on screen: its title, then
 * each heading, paragraph and figure as a line, in the fonts every name's
 * script needs (lib/pdf). Loaded only when the customer asks for the PDF.
 */

/** The PDF of `lines`, the first as the title. */
export function receiptPdf(lines: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
  const [title = '', ...rest] = lines;
  return textPdf([{ kind: 'title', text: title }, ...rest.map((text) => ({ kind: 'text' as const, text }))], {
    title,
  });
}

/** The receipt's text as it is on screen: headings, paragraphs, and each figure as "label: value". */
export function receiptLines(root: HTMLElement): string[] {
  return [...root.querySelectorAll('h1, h2, p, dt')].map((element) =>
    element.tagName === 'DT'
      ? `${element.textContent}: ${element.nextElementSibling?.textContent ?? ''}`
      : (element.textContent ?? ''),
  );
}
