import { describe, expect, it } from 'vitest';
import { receiptLines, receiptPdf } from './receipt-pdf.ts';

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('the receipt PDF', () => {
  it('is a PDF whose cross-reference table points at its objects', () => {
    const pdf = latin1(receiptPdf(['Sarraf receipt', 'Total paid: £101.99']));
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1]);
    const start = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
  });

  it('writes the text in WinAnsi, escaping what a PDF string must, and breaks long lines', () => {
    const long = `${'word '.repeat(30)}end`;
    const pdf = latin1(
      receiptPdf(['Kvitto från Sarraf', 'Totalt betalt: 101,99\u00a0GBP (kort •••• 4242) \\ ok', long]),
    );
    expect(pdf).toContain('(Kvitto fr\u00e5n Sarraf) Tj');
    expect(pdf).toContain('(Totalt betalt: 101,99 GBP \\(kort \x95\x95\x95\x95 4242\\) \\\\ ok) Tj');
    expect(pdf.match(/\(word[^)]*\) Tj/g)).toHaveLength(2);
    expect(pdf).toContain(' end) Tj');
  });

  it('reads the receipt as it is on screen: headings, paragraphs and each figure', () => {
    const root = document.createElement('article');
    root.innerHTML = `<a href="/">Back</a><h1>Sarraf receipt</h1>
      <section><h2>Amounts</h2><dl><dt>You send</dt><dd>£100.00</dd><dt>Our fee</dt><dd>£1.99</dd></dl></section>
      <p>Questions? Write to us.</p><button>Print</button>`;
    expect(receiptLines(root)).toEqual([
      'Sarraf receipt',
      'Amounts',
      'You send: £100.00',
      'Our fee: £1.99',
      'Questions? Write to us.',
    ]);
  });
});
