import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_REFUSALS } from '../../../src/server/modules/verification/document-content.ts';
import { readDocumentFile } from '../../../src/server/modules/verification/document-files.ts';
import { judgeFile } from '../../../src/server/modules/verification/judge-file.ts';
import { pdfContent } from '../../../src/server/modules/verification/pdf-active-content.ts';
import { png } from '../../support/document-files.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, onboardedCustomer } from './verification-fixtures.ts';

/** A one-page bank statement as an office program exports it: a page of text, objects packed in compressed streams. */
async function statement(change: (doc: PDFDocument) => void | Promise<void> = () => {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Statement of account, 1 Deansgate', {
    x: 50,
    y: 780,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** An action dictionary set as what the document does when it opens. */
const openAction = (doc: PDFDocument, action: Record<string, unknown>) =>
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj(action as never));

/** The same PDF written without object streams and with each `from` spelled `to` (same meaning, other bytes). */
async function respelled(change: (doc: PDFDocument) => void, spellings: Array<[string, string]>): Promise<Buffer> {
  const doc = await PDFDocument.load(await statement(change));
  let plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  for (const [from, to] of spellings) {
    expect(plain).toContain(from);
    plain = plain.split(from).join(to);
  }
  return Buffer.from(plain, 'latin1');
}

const javaScript = (doc: PDFDocument) =>
  openAction(doc, { Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') });

describe('a PDF that could do something, refused by its parsed objects', () => {
  it('passes a PDF that only shows a page', async () => {
    expect(await pdfContent(await statement())).toBe('passive');
  });

  it('finds JavaScript in an open action packed in a compressed object stream, where the bytes do not show it', async () => {
    const bytes = await statement(javaScript);
    expect(bytes.toString('latin1')).not.toMatch(/JavaScript|\/JS\b/);
    expect(await pdfContent(bytes)).toBe('active');
  });

  it('finds JavaScript whose names are hex-escaped, in upper or lower case', async () => {
    const upper = await respelled(javaScript, [
      ['/JavaScript', '/J#61v#61Script'],
      ['/JS ', '/#4A#53 '],
    ]);
    const lower = await respelled(javaScript, [
      ['/JavaScript', '/#4aava#53cript'],
      ['/JS ', '/#4a#53 '],
    ]);
    for (const bytes of [upper, lower]) {
      expect(bytes.toString('latin1')).not.toMatch(/\/(JavaScript|JS)\b/);
      expect(await pdfContent(bytes)).toBe('active');
      expect(await judgeFile(bytes)).toEqual({ ok: false, problem: CONTENT_REFUSALS.activePdf });
    }
  });

  it('finds a launch action, an embedded file, a form, an XFA form and rich media', async () => {
    const cases: Record<string, (doc: PDFDocument) => void | Promise<void>> = {
      launch: (doc) => openAction(doc, { Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') }),
      'embedded file': async (doc) => {
        await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
          mimeType: 'application/octet-stream',
        });
      },
      form: (doc) => {
        doc.getForm().createTextField('account.number').addToPage(doc.getPage(0), { x: 50, y: 700 });
      },
      xfa: (doc) => {
        // an XFA form's template, outside any AcroForm
        doc.catalog.set(PDFName.of('Names'), doc.context.obj({ XFA: PDFString.of('<xdp/>') }));
      },
      'rich media': (doc) => {
        const annotation = doc.context.register(
          doc.context.obj({ Type: 'Annot', Subtype: 'RichMedia', Rect: [0, 0, 10, 10] }),
        );
        doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
      },
    };
    for (const [name, change] of Object.entries(cases)) {
      expect(await pdfContent(await statement(change)), name).toBe('active');
    }
  });

  it('refuses a password-protected PDF, whose objects cannot be read, and one pdf-lib cannot parse', async () => {
    const doc = await PDFDocument.load(await statement());
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 }),
    );
    expect(await pdfContent(Buffer.from(await doc.save({ useObjectStreams: false })))).toBe('active');
    expect(await pdfContent(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R\n%%EOF\n'))).toBe('broken');
  });
});

describe('the upload of a PDF with active content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  async function upload(token: string, scan: Buffer) {
    const body = new FormData();
    body.append('document', 'identity');
    body.append('type', 'Passport');
    body.append('scan1', new Blob([scan], { type: 'application/pdf' }), 'passport.pdf');
    body.append('selfie', new Blob([png()], { type: 'image/png' }), 'selfie.png');
    const res = await t.app.request(`${MAIN}/verification/upload-document`, {
      method: 'POST',
      headers: { 'x-auth-token': token },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('is refused with the error on its field and nothing stored; a PDF without any is stored byte for byte', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Noidentity' });
    expect((await t.call('POST', `${MAIN}/user/get`, { token: c.token })).body.data.user.verification.status).toBe(
      'RequestId',
    );
    const refused = await upload(c.token, await statement(javaScript));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        { type: 'urn:sarraf:error:ValidationFailed', message: CONTENT_REFUSALS.activePdf, property_path: 'scan1' },
      ],
    });
    const submissions = () =>
      t.deps.db.selectFrom('verification_submissions').select('id').where('customer_id', '=', c.id).execute();
    expect(await submissions()).toEqual([]);
    expect(await t.deps.db.selectFrom('verification_document_files').select('submission_id').execute()).toEqual([]);

    const clean = await statement();
    const taken = await upload(c.token, clean);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(await readDocumentFile(t.deps, taken.body.data.id, 0)).toEqual(clean);
  });
});
