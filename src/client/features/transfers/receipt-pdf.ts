/**
 * A receipt as a one-page PDF, written by hand: the lines in Helvetica
 * (WinAnsi encoding, which covers the Latin letters of our languages), no
 * library. Loaded only when the customer asks for the PDF.
 */

/** WinAnsi bytes of the characters outside Latin-1 that amounts and labels use. */
const WIN_ANSI: Readonly<Record<string, number>> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

const SPACES = /[\u00a0\u2007\u202f]/g;
const LINE_LENGTH = 88;
const PAGE = { width: 595, height: 842, margin: 56, leading: 16 };

/** One byte per character: the PDF's WinAnsi text, a character it lacks written as "?". */
function winAnsi(text: string): string {
  return [...text.replace(SPACES, ' ')]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0x3f;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return c;
      return String.fromCharCode(WIN_ANSI[c] ?? 0x3f);
    })
    .join('');
}

/** A PDF literal string: backslash and parentheses escaped. */
function literal(text: string): string {
  return `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Long lines broken at spaces to fit the page. */
function wrap(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > LINE_LENGTH) {
      out.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  return [...out, current];
}

/** The PDF of `lines`, the first as the title; lines beyond one page are left off. */
export function receiptPdf(lines: readonly string[]): Uint8Array<ArrayBuffer> {
  const [title = '', ...rest] = lines;
  const fit = Math.floor((PAGE.height - 2 * PAGE.margin) / PAGE.leading) - 2;
  const body = rest.flatMap(wrap).slice(0, fit);
  const text = [
    'BT',
    `/F2 18 Tf ${PAGE.margin} ${PAGE.height - PAGE.margin} Td ${literal(title)} Tj`,
    `/F1 11 Tf 0 -${2 * PAGE.leading} Td ${PAGE.leading} TL`,
    ...body.map((line) => `${literal(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Array.from(pdf, (c) => c.charCodeAt(0)));
}

/** The receipt's text as it is on screen: headings, paragraphs, and each figure as "label: value". */
export function receiptLines(root: HTMLElement): string[] {
  return [...root.querySelectorAll('h1, h2, p, dt')].map((element) =>
    element.tagName === 'DT'
      ? `${element.textContent}: ${element.nextElementSibling?.textContent ?? ''}`
      : (element.textContent ?? ''),
  );
}
