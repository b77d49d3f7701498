import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedFonts } from './pdf-fonts.ts';

/**
 * A document of text lines as a PDF (A4, as many pages as it needs), in any
 * script our fonts cover (pdf-fonts.ts): each line is split into runs, each
 * run in the first font that has all its characters; an Arabic-script run is
 * drawn right to left (fontkit shapes and orders its glyphs) within a
 * left-to-right line. A character no font has is written as "?". The text is
 * real text: a reader can select, search and copy it.
 */

/** A title, a paragraph (broken at spaces to fit), or a row of cells, each in its column. */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'row'; cells: readonly string[] };

/** Where a row's cells go: each column's left edge (a share of the text width, 0 to 1) and alignment. */
export interface PdfColumn {
  at: number;
  width: number;
  align?: 'left' | 'right';
}

const PAGE = { width: 595, height: 842, margin: 56 };
const SIZES = { title: 18, text: 10.5, row: 9.5 } as const;
const LEADING = 1.5;
const ARABIC_RUN = /\p{Script=Arabic}(?:[\s\p{P}\p{Script=Arabic}]*\p{Script=Arabic})?/gu;
const SPACES = /[\u00a0\u2007\u202f]/g;

interface Run {
  font: PDFFont;
  text: string;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly covers: Set<number>[];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: readonly PDFFont[],
    private readonly columns: readonly PdfColumn[],
  ) {
    this.covers = fonts.map((font) => new Set(font.getCharacterSet()));
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** The first font that has this character; the first font (and "?") when none has. */
  private fontFor(char: string): { font: PDFFont; char: string } {
    const code = char.codePointAt(0) ?? 0;
    const index = this.covers.findIndex((cover) => cover.has(code));
    const font = this.fonts[Math.max(index, 0)] as PDFFont;
    return { font, char: index < 0 ? '?' : char };
  }

  /** `text` in font runs, in the order they are drawn left to right. */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    const add = (part: string, reversed: boolean) => {
      const own: Run[] = [];
      for (const c of part) {
        const { font, char } = this.fontFor(c);
        const last = own.at(-1);
        if (last && last.font === font) last.text += char;
        else own.push({ font, text: char });
      }
      // right to left: the runs of an Arabic stretch go in reverse; fontkit orders the glyphs within each
      runs.push(...(reversed ? own.reverse() : own));
    };
    const line = text.replace(SPACES, ' ');
    let from = 0;
    for (const match of line.matchAll(ARABIC_RUN)) {
      add(line.slice(from, match.index), false);
      add(match[0], true);
      from = match.index + match[0].length;
    }
    add(line.slice(from), false);
    return runs.filter((run) => run.text !== '');
  }

  private width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  private draw(text: string, x: number, size: number) {
    let at = x;
    for (const run of this.runs(text)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Down one line of this size, to a new page when this one is full. */
  private nextLine(size: number) {
    this.y -= size * LEADING;
    if (this.y < PAGE.margin) {
      this.newPage();
      this.y -= size;
    }
  }

  /** `text` broken at spaces into lines no wider than `width`; a word wider than that alone, between its characters. */
  private wrap(text: string, width: number, size: number): string[] {
    const lines: string[] = [];
    let current = '';
    const words = text.split(' ').flatMap((word) => this.pieces(word, width, size));
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (current !== '' && this.width(candidate, size) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    return [...lines, current];
  }

  /** A word in pieces that each fit `width` (one piece when it fits whole). */
  private pieces(word: string, width: number, size: number): string[] {
    if (this.width(word, size) <= width) return [word];
    const pieces: string[] = [];
    let current = '';
    for (const char of word) {
      if (current !== '' && this.width(current + char, size) > width) {
        pieces.push(current);
        current = char;
      } else current += char;
    }
    return [...pieces, current];
  }

  write(block: PdfBlock) {
    const textWidth = PAGE.width - 2 * PAGE.margin;
    if (block.kind === 'row') {
      // each cell in its column, broken into as many lines as it needs; the row is as tall as its tallest cell
      const cells = block.cells.flatMap((cell, n) => {
        const column = this.columns[n];
        if (!column) return [];
        const room = column.width * textWidth;
        return [{ column, room, lines: this.wrap(cell, room, SIZES.row) }];
      });
      const height = Math.max(1, ...cells.map((cell) => cell.lines.length));
      for (let line = 0; line < height; line += 1) {
        this.nextLine(SIZES.row);
        for (const { column, room, lines } of cells) {
          const text = lines[line];
          if (!text) continue;
          const left = PAGE.margin + column.at * textWidth;
          const x = column.align === 'right' ? left + room - this.width(text, SIZES.row) : left;
          this.draw(text, x, SIZES.row);
        }
      }
      return;
    }
    const size = SIZES[block.kind];
    for (const line of this.wrap(block.text, textWidth, size)) {
      this.nextLine(size);
      this.draw(line, PAGE.margin, size);
    }
    if (block.kind === 'title') this.nextLine(SIZES.text);
  }
}

/** The PDF of `blocks`, top to bottom; a row's cells go in `columns`. */
export async function textPdf(
  blocks: readonly PdfBlock[],
  { title, columns = [] }: { title: string; columns?: readonly PdfColumn[] },
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Sarraf');
  doc.setCreator('Sarraf');
  const writer = new Writer(doc, await embedFonts(doc), columns);
  for (const block of blocks) writer.write(block);
  return (await doc.save()) as Uint8Array<ArrayBuffer>;
}
