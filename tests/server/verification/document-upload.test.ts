import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aadOf, readDocumentFile } from '../../../src/server/modules/verification/document-files.ts';
import { openFile, type SealedFile } from '../../../src/server/modules/verification/document-sealing.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { jpeg, PERSONAL_METADATA, pdf, png } from '../../support/document-files.ts';
import { pictureDifference } from '../../support/pictures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

const MB = 1024 * 1024;
type Files = Record<string, { bytes: Buffer; name?: string; type?: string }[]>;

function form(fields: Record<string, string>, files: Files): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files)) {
    for (const file of list) {
      body.append(name, new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name ?? 'photo.jpg');
    }
  }
  return body;
}

describe.each(DATABASE_KINDS)('uploading verification documents, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function upload(token: string, body: FormData | string, headers: Record<string, string> = {}) {
    const res = await t.app.request(`${MAIN}/verification/upload-document`, {
      method: 'POST',
      headers: { 'x-auth-token': token, ...headers },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** An upload whose body is `head`, then bytes without end, 256 KB at a time; `sent` says how many were pulled. */
  async function endlessUpload(token: string, head: string) {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (head) controller.enqueue(new TextEncoder().encode(head));
      },
      pull(controller) {
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x41));
      },
    });
    const res = await t.app.request(`${MAIN}/verification/upload-document`, {
      method: 'POST',
      headers: { 'x-auth-token': token, 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as any, sent: () => sent };
  }

  const passport = (front = jpeg()) =>
    form({ document: 'identity', type: 'Passport' }, { scan1: [{ bytes: front }], selfie: [{ bytes: png() }] });

  async function askedForId(lastName = 'Noidentity') {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName });
    expect((await userData(t, c.token)).user.verification.status).toBe(
      lastName === 'Noaddress' ? 'RequestAddress' : 'RequestId',
    );
    return c;
  }

  const storedFiles = (submissionId: string) =>
    t.deps.db
      .selectFrom('verification_document_files')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .orderBy('position')
      .execute();

  /** A stored file's two halves: the wrapped key from its row, the ciphertext from the document store. */
  async function sealedParts(row: { wrapped_key: Uint8Array | null; storage_key: string | null }): Promise<SealedFile> {
    const ciphertext = row.storage_key ? await t.deps.providers.documentStore.get(row.storage_key) : undefined;
    if (!row.wrapped_key || !ciphertext) throw new Error('the file is in the document store');
    return { wrappedKey: row.wrapped_key, ciphertext };
  }

  const submissionCount = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('verification_submissions')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute()
    ).length;

  /** Nothing the camera wrote about the customer is left: no Exif (GPS), XMP, comment, text, time or private chunk. */
  function expectNoMetadata(bytes: Buffer) {
    const text = bytes.toString('latin1');
    for (const trace of [
      'Exif',
      'MM\0*',
      'xmp',
      PERSONAL_METADATA.owner,
      PERSONAL_METADATA.note,
      'tEXt',
      'iTXt',
      'eXIf',
      'tIME',
      'prIv',
    ]) {
      expect(text, trace).not.toContain(trace);
    }
  }

  it('takes a passport and a selfie, stores them without their metadata, and the provider passes them', async () => {
    const c = await askedForId();
    // the front as a phone writes it: Exif with GPS, XMP, a comment and a preview with its own Exif after the picture
    const front = jpeg({ appended: true });
    expect(front.toString('latin1')).toContain(PERSONAL_METADATA.owner);
    const res = await upload(c.token, passport(front));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      document: 'identity',
      type: 'Passport',
      verification_status: 'VerifyingId',
      files: [
        { field: 'scan1', content_type: 'image/jpeg' },
        { field: 'selfie', content_type: 'image/png' },
      ],
    });
    const [frontRow, selfieRow] = await storedFiles(res.body.data.id);
    if (!frontRow || !selfieRow) throw new Error('both files are stored');
    expect(frontRow.sealed).toBeNull();
    // the stored files, opened: the same pictures encoded again, every metadata segment and chunk gone
    const storedFront = await readDocumentFile(t.deps, res.body.data.id, 0);
    const storedSelfie = await readDocumentFile(t.deps, res.body.data.id, 1);
    expect(await pictureDifference(storedFront, jpeg({ metadata: false }))).toBeLessThanOrEqual(2);
    expect(await pictureDifference(storedSelfie, png({ metadata: false }))).toBe(0);
    expect(storedFront).not.toEqual(jpeg({ metadata: false }));
    expectNoMetadata(storedFront);
    expectNoMetadata(storedSelfie);
    expect(frontRow.bytes).toBe(storedFront.length);
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
  });

  it('takes the document the ladder will ask for next, sent ahead, and refuses one it will not ask for', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Warsame' });
    const before = await userData(t, c.token);
    expect(before.user.verification.status).toBe('Pass');
    expect(before.next_document_request).toEqual({ document: 'identity', type: 'optional' });

    const notNext = await upload(
      c.token,
      form({ document: 'address', type: 'utility_bill' }, { scan1: [{ bytes: pdf() }] }),
    );
    expect(notNext.status).toBe(409);
    expect(notNext.body.errors[0].message).toBe('This document has not been asked for');
    expect(await submissionCount(c.id)).toBe(0);

    const ahead = await upload(c.token, passport());
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(201);
    expect(ahead.body.data).toMatchObject({ document: 'identity', verification_status: 'VerifyingId' });
    // recorded as the customer's own request, then their upload
    expect((await movesOf(t, c.id)).slice(-2)).toEqual([
      { from_status: 'Pass', to_status: 'RequestId', actor: 'customer', reason: 'sent ahead' },
      {
        from_status: 'RequestId',
        to_status: 'VerifyingId',
        actor: 'customer',
        reason: 'Passport uploaded (scan1, selfie)',
      },
    ]);
    const after = await userData(t, c.token);
    expect(after.verification_tasks).toContainEqual({ item: 'identity', state: 'done', reason: null });
    expect(after.next_document_request?.document).not.toBe('identity');
  });

  it('stores a phone photo upright once its orientation is dropped, and refuses a picture of too many pixels', async () => {
    const c = await askedForId();
    // 4 wide, 2 high, shown turned a quarter (EXIF orientation 6), as a phone held upright writes it
    const sideways = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(c.token, passport(sideways));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await readDocumentFile(t.deps, res.body.data.id, 0);
    const { width, height, orientation, exif } = await sharp(stored).metadata();
    expect({ width, height, orientation, exif }).toEqual({
      width: 2,
      height: 4,
      orientation: undefined,
      exif: undefined,
    });

    const other = await askedForId();
    // 8000 × 7000 = 56 megapixels of one grey: a small file that would decode to 168 MB
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MB);
    const refused = await upload(other.token, passport(huge));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      message: 'The photo has more than 50 megapixels. Take it again at a lower resolution.',
      property_path: 'scan1',
    });
    expect(await submissionCount(other.id)).toBe(0);
  });

  it('takes a driving licence with its back side, each side kept in its place; not an ID card from the UK', async () => {
    const fromGb = await askedForId();
    const idCard = await upload(
      fromGb.token,
      form(
        { document: 'identity', type: 'ID' },
        { scan1: [{ bytes: jpeg() }], scan2: [{ bytes: jpeg() }], selfie: [{ bytes: png() }] },
      ),
    );
    expect(idCard.status).toBe(400);
    expect(idCard.body.errors[0]).toMatchObject({
      message: 'This document is not accepted where you live; choose one of the listed documents',
      property_path: 'type',
    });
    expect(await submissionCount(fromGb.id)).toBe(0);
    const type = 'DriversLicense';
    const c = await askedForId();
    const res = await upload(
      c.token,
      form(
        { document: 'identity', type },
        {
          scan1: [{ bytes: jpeg() }],
          scan2: [{ bytes: pdf('Back of the card'), name: 'back.pdf', type: 'application/pdf' }],
          selfie: [{ bytes: png() }],
        },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ type, verification_status: 'VerifyingId' });
    expect(res.body.data.files.map((f: { field: string }) => f.field)).toEqual(['scan1', 'scan2', 'selfie']);
    expect(await readDocumentFile(t.deps, res.body.data.id, 1)).toEqual(pdf('Back of the card'));
    const moves = await movesOf(t, c.id);
    expect(moves.at(-1)?.reason).toBe(`${type} uploaded (scan1, scan2, selfie)`);
  });

  it('keeps only ciphertext, in the document store: the stored file is not the file, and opens only with the key in its place', async () => {
    const c = await askedForId('Noaddress');
    const bill = pdf('Council tax bill for Amina, 1 Deansgate');
    const res = await upload(
      c.token,
      form(
        { document: 'address', type: 'utility_bill' },
        { scan1: [{ bytes: bill, name: 'bill.pdf', type: 'application/pdf' }] },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await storedFiles(res.body.data.id);
    if (!row) throw new Error('the file is stored');
    const parts = await sealedParts(row);
    for (const sealed of [Buffer.from(parts.ciphertext), Buffer.from(parts.wrappedKey)]) {
      expect(sealed.includes(Buffer.from('Council tax bill'))).toBe(false);
      expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);
      expect(sealed.includes(bill)).toBe(false);
    }
    expect(row.bytes).toBe(bill.length);
    const { keys, current } = t.deps.config.documentKeys;
    expect(row.key_id).toBe(current);
    const key = keys.get(current) as Uint8Array;
    expect(openFile(key, parts, aadOf(res.body.data.id, 0))).toEqual(bill);
    expect(() => openFile(key, parts, aadOf(res.body.data.id, 1))).toThrow();
    expect(() => openFile(new Uint8Array(32), parts, aadOf(res.body.data.id, 0))).toThrow();
  });

  it('refuses a body declared over the limit before reading it, and one that streams past it', async () => {
    const c = await askedForId();
    const declared = await upload(c.token, 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(64 * MB),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.errors[0].type).toBe('urn:sarraf:error:PayloadTooLarge');
    const streamed = await endlessUpload(c.token, '');
    expect(streamed.status).toBe(413);
    expect(streamed.sent()).toBeLessThan(20 * MB);
    expect(await submissionCount(c.id)).toBe(0);
  });

  it('refuses a file as soon as it streams past its field’s size, without reading the rest of the body', async () => {
    const c = await askedForId();
    const res = await endlessUpload(
      c.token,
      '--x\r\nContent-Disposition: form-data; name="document"\r\n\r\nidentity\r\n' +
        '--x\r\nContent-Disposition: form-data; name="scan1"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Each file must be at most 4 MB',
      property_path: 'scan1',
    });
    // the body's own limit is 12 MB: the file's 4 MB stopped it first
    expect(res.sent()).toBeLessThan(5 * MB);
    expect(await submissionCount(c.id)).toBe(0);
  });

  it('refuses a file over its kind’s size, naming the field and the limit', async () => {
    const c = await askedForId();
    const big = jpeg({ extra: 'A'.repeat(4 * MB) });
    const res = await upload(c.token, passport(big));
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toMatchObject({ property_path: 'scan1', message: 'Each file must be at most 4 MB' });
    expect(await submissionCount(c.id)).toBe(0);
  });

  it('judges a file by its bytes: a renamed file, another format, a truncated or polyglot file are refused', async () => {
    const c = await askedForId();
    const cases: [Buffer, number, string][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 415, 'UnsupportedMediaType'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 415, 'UnsupportedMediaType'],
      [Buffer.from('MZ\x90\x00 not a photo', 'latin1'), 415, 'UnsupportedMediaType'],
      [jpeg().subarray(0, 40), 400, 'ValidationFailed'],
      [jpeg({ extra: '%PDF-1.4 1 0 obj' }), 415, 'UnsupportedMediaType'],
      [png().subarray(0, png().length - 6), 400, 'ValidationFailed'],
      [pdf().subarray(0, 60), 400, 'ValidationFailed'],
    ];
    for (const [bytes, status, type] of cases) {
      // every one named and declared as a JPEG photo
      const res = await upload(c.token, passport(bytes));
      expect(res.status, bytes.subarray(0, 20).toString('latin1')).toBe(status);
      expect(res.body.errors[0]).toMatchObject({ type: `urn:sarraf:error:${type}`, property_path: 'scan1' });
    }
    expect(await submissionCount(c.id)).toBe(0);
  });

  it('asks for each side the document needs and refuses the ones it does not take', async () => {
    const c = await askedForId();
    const noBack = await upload(
      c.token,
      form(
        { document: 'identity', type: 'DriversLicense' },
        { scan1: [{ bytes: jpeg() }], selfie: [{ bytes: jpeg() }] },
      ),
    );
    expect(noBack.status).toBe(400);
    expect(noBack.body.errors[0]).toMatchObject({ property_path: 'scan2', message: 'Add the back of the document' });
    const passportBack = await upload(
      c.token,
      form(
        { document: 'identity', type: 'Passport' },
        { scan1: [{ bytes: jpeg() }], scan2: [{ bytes: jpeg() }], selfie: [{ bytes: jpeg() }] },
      ),
    );
    expect(passportBack.status).toBe(400);
    expect(passportBack.body.errors[0].property_path).toBe('scan2');
    const wrongType = await upload(
      c.token,
      form({ document: 'identity', type: 'utility_bill' }, { scan1: [{ bytes: jpeg() }] }),
    );
    expect(wrongType.body.errors[0]).toMatchObject({ property_path: 'type' });
    const notAskedFor = await upload(
      c.token,
      form({ document: 'address', type: 'utility_bill' }, { scan1: [{ bytes: pdf() }] }),
    );
    expect(notAskedFor.status).toBe(409);
    const json = await t.call('POST', `${MAIN}/verification/upload-document`, {
      token: c.token,
      body: { document: 'identity' },
    });
    expect(json.status).toBe(415);
    expect(await submissionCount(c.id)).toBe(0);
  });

  it('takes up to 10 source-of-funds files of 0.45 MB each', async () => {
    const c = await askedForId();
    await t.deps.db
      .updateTable('verification_states')
      .set({ identity: 'passed', source_of_funds: 'requested' })
      .where('customer_id', '=', c.id)
      .execute();
    const funds = (n: number, size = 1000) =>
      form(
        { document: 'source_of_funds', type: 'pay_stub' },
        { 'scans[]': Array.from({ length: n }, () => ({ bytes: pdf('Pay stub', size), type: 'application/pdf' })) },
      );
    const tooMany = await upload(c.token, funds(11));
    expect(tooMany.body.errors[0]).toMatchObject({ property_path: 'scans[]', message: 'Upload at most 10 files' });
    const tooBig = await upload(c.token, funds(1, Math.round(0.45 * MB) + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors[0].message).toBe('Each file must be at most 0.45 MB');
    const ten = await upload(c.token, funds(10, Math.round(0.2 * MB)));
    expect(ten.status, JSON.stringify(ten.body)).toBe(201);
    expect(ten.body.data.files).toHaveLength(10);
    expect(ten.body.data.verification_status).toBe('VerifyingProofOfSourceOfFunds');
  });

  it('shows a document only to its owner: another customer’s answers 404', async () => {
    const owner = await askedForId();
    const uploaded = await upload(owner.token, passport());
    const path = `${MAIN}/verification/documents/${uploaded.body.data.id}`;
    const mine = await t.call('GET', path, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: uploaded.body.data.id, type: 'Passport' });
    expect(JSON.stringify(mine.body)).not.toContain('sealed');
    const stranger = await onboardedCustomer(t, { firstName: 'Yusuf', lastName: 'Warsame' });
    const theirs = await t.call('GET', path, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors[0].message).toBe('Document not found');
    expect((await t.call('GET', path)).status).toBe(401);
  });

  it('lists the identity documents accepted where the customer lives', async () => {
    const { token } = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Hassan' });
    const types = async (iso_code: string) =>
      (await t.call('POST', `${MAIN}/api/v2/docs-info`, { token, body: { iso_code } })).body.data.documents.map(
        (d: { document_type: string }) => d.document_type,
      );
    expect(await types('SE')).toEqual(['Passport', 'ID', 'DriversLicense']);
    expect(await types('GB')).toEqual(['Passport', 'DriversLicense']);
    expect(await types('CA-ON')).toEqual(['Passport', 'DriversLicense']);
    expect(await types('US-CA')).toEqual(['Passport', 'ID', 'DriversLicense']);
    const passportInfo = (await t.call('POST', `${MAIN}/api/v2/docs-info`, { token, body: { iso_code: 'SE' } })).body
      .data.documents[0];
    expect(passportInfo).toEqual({ document_type: 'Passport', frontImage: true, backImage: false, selfie: true });
    expect((await t.call('POST', `${MAIN}/api/v2/docs-info`, { token, body: { iso_code: 'Sweden' } })).status).toBe(
      400,
    );
  });
});
