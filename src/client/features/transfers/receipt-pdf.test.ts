import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { receiptLines, receiptPdf } from './receipt-pdf.ts';

describe('the receipt PDF', () => {
  it('prints names in any script: Somali, Swedish, accented and Arabic-script, every character', async () => {
    const names = [
      'Cabdiraxmaan Maxamed Xuseen', // Somali
      'Åsa Öberg-Ängström', // Swedish
      'Zoë Núñez Çelik, Łukasz Dvořák, Şükrü Ağaoğlu, Nguyễn Đặng', // accented
      'محمد عبد الله', // Arabic
      'فاطمہ خان', // Urdu
    ];
    const pdf = await receiptPdf([
      'Kvitto från Sarraf',
      ...names.map((name) => `Mottagare: ${name}`),
      'Totalt: 101,99 £',
    ]);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('Kvitto från Sarraf');
    for (const name of names) {
      for (const char of name.replace(/\s/g, '')) expect(text, `${char} of ${name}`).toContain(char);
    }
    // the Latin names as they are written, whole
    for (const name of names.slice(0, 3)) expect(text).toContain(name);
    expect(text).not.toContain('?');
  });

  it('breaks long lines at spaces and goes on to a new page when one is full', async () => {
    const long = `${'word '.repeat(40)}end`;
    const lines = Array.from({ length: 70 }, (_, n) => `Line ${n + 1}`);
    const pdf = await receiptPdf(['Sarraf receipt', long, ...lines]);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const text = await pdfText(pdf);
    expect(text.filter((line) => line.startsWith('word')).length).toBeGreaterThan(1);
    expect(text.join(' ').replace(/\s+/g, ' ')).toContain(`${'word '.repeat(40)}end`);
    expect(text).toContain('Line 70');
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
