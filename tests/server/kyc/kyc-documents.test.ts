import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIdentityCapture } from '../../../src/server/providers/identity-capture/sandbox-identity-capture.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { jpeg, pdf, png } from '../../support/document-files.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from '../verification/verification-fixtures.ts';

const KYC = '/api/kyc';

/** SPEC §7's document upload: `data` (a JSON list of commands) and `files[<guid>][<image>]`. */
function commandForm(data: unknown, files: Record<string, Buffer>): FormData {
  const body = new FormData();
  body.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [name, bytes] of Object.entries(files)) {
    body.append(name, new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  }
  return body;
}

describe.each(DATABASE_KINDS)('the verification microservice: identity documents, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sandboxDocumentReviewSeconds: 120 });
  });
  afterAll(() => t.close());

  async function askedForId(firstName = 'Amina') {
    const c = await onboardedCustomer(t, { firstName, lastName: 'Noidentity' });
    expect((await userData(t, c.token)).user.verification.status).toBe('RequestId');
    return c;
  }

  async function send(token: string, body: FormData) {
    const res = await t.app.request(`${KYC}/verification/document`, {
      method: 'POST',
      headers: { 'x-auth-token': token },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const refusal = (res: { status: number; body: any }) => ({
    status: res.status,
    type: String(res.body.errors?.[0]?.type).split(':').pop(),
    field: res.body.errors?.[0]?.property_path,
  });

  it('takes a driving licence in SPEC’s shape, each image where it belongs, and the device view follows it', async () => {
    const c = await askedForId();
    const device = await t.call('GET', `${KYC}/verification/id-device`, { token: c.token });
    expect(device.body.data).toEqual({
      capture_open: true,
      documents: [
        { document_type: 'Passport', frontImage: true, backImage: false, selfie: true },
        { document_type: 'DriversLicense', frontImage: true, backImage: true, selfie: true },
      ],
      latest: null,
    });
    const guid = randomUUID();
    const sent = await send(
      c.token,
      commandForm([{ cmd: 'document', guid, document_type: 'DriversLicense' }], {
        [`files[${guid}][front_image]`]: jpeg(),
        [`files[${guid}][back_image]`]: png(),
        [`files[${guid}][selfie_image]`]: jpeg(),
      }),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({
      document: 'identity',
      type: 'DriversLicense',
      files: [
        { field: 'scan1', content_type: 'image/jpeg' },
        { field: 'scan2', content_type: 'image/png' },
        { field: 'selfie', content_type: 'image/jpeg' },
      ],
      verification_status: 'VerifyingId',
    });
    expect((await t.call('GET', `${KYC}/verification/id-device`, { token: c.token })).body.data).toMatchObject({
      capture_open: false,
      latest: { document_type: 'DriversLicense', state: 'passed', reason: null },
    });
  });

  it('refuses a malformed upload, naming the field as sent, and changes nothing', async () => {
    const c = await askedForId();
    const guid = randomUUID();
    const licence = (
      files: Record<string, Buffer>,
      data: unknown = [{ cmd: 'document', guid, document_type: 'DriversLicense' }],
    ) => send(c.token, commandForm(data, files));
    const front = { [`files[${guid}][front_image]`]: jpeg(), [`files[${guid}][selfie_image]`]: jpeg() };
    const cases: [Promise<{ status: number; body: any }>, { status: number; type: string; field: string }][] = [
      [licence(front), { status: 400, type: 'ValidationFailed', field: `files[${guid}][back_image]` }],
      [
        licence({ ...front, [`files[${guid}][back_image]`]: pdf() }, [
          { cmd: 'document', guid, document_type: 'Passport' },
        ]),
        { status: 400, type: 'ValidationFailed', field: `files[${guid}][back_image]` },
      ],
      [
        licence({ ...front, [`files[${randomUUID()}][back_image]`]: jpeg() }),
        { status: 400, type: 'ValidationFailed', field: expect.stringMatching(/^files\[/) },
      ],
      [
        licence({ ...front, [`files[${guid}][back_image]`]: Buffer.from('GIF89a not an image') }),
        { status: 415, type: 'UnsupportedMediaType', field: `files[${guid}][back_image]` },
      ],
      [
        licence({ ...front, [`files[${guid}][passport]`]: jpeg() }),
        { status: 400, type: 'ValidationFailed', field: `files[${guid}][passport]` },
      ],
      [licence(front, 'not json'), { status: 400, type: 'ValidationFailed', field: 'data' }],
      [
        licence(front, [
          { cmd: 'document', guid, document_type: 'DriversLicense' },
          { cmd: 'document', guid, document_type: 'Passport' },
        ]),
        { status: 400, type: 'ValidationFailed', field: 'data' },
      ],
      [
        licence(front, [{ cmd: 'watchlist', guid }]),
        { status: 400, type: 'ValidationFailed', field: expect.stringMatching(/^data/) },
      ],
    ];
    for (const [res, expected] of cases) expect(refusal(await res)).toEqual(expected);
    expect((await movesOf(t, c.id)).at(-1)?.to_status).toBe('RequestId');
    const stored = await t.deps.db
      .selectFrom('verification_submissions')
      .select('id')
      .where('customer_id', '=', c.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('/user/ekyc/verify fetches a capture whose callback never came, once, and only for its owner', async () => {
    const c = await askedForId('Review');
    const other = await askedForId();
    const started = await t.call('POST', `${MAIN}/user/ekyc`, { token: c.token, body: { document_type: 'Passport' } });
    const reference = started.body.data.capture_reference as string;
    const verify = (token: string) =>
      t.call('POST', `${MAIN}/user/ekyc/verify`, { token, body: { capture_reference: reference } });
    expect((await verify(c.token)).body.data).toEqual({ capture: 'taking_photos', verification_status: 'RequestId' });
    // the provider takes the photos and decides, but its callback is lost on the way
    const provider = sandboxIdentityCapture(t.deps.db, t.deps.clock, t.deps.providers.documents);
    expect(await provider.capture(reference, { document: jpeg(), selfie: png() })).toBeDefined();
    expect((await userData(t, c.token)).user.verification.status).toBe('RequestId');
    expect(refusal(await verify(other.token))).toMatchObject({ status: 404, type: 'NotFound' });
    expect((await verify(c.token)).body.data).toEqual({ capture: 'received', verification_status: 'VerifyingId' });
    expect((await verify(c.token)).body.data).toEqual({ capture: 'received', verification_status: 'VerifyingId' });
    const submissions = await t.deps.db
      .selectFrom('verification_submissions')
      .select(['kind', 'outcome'])
      .where('customer_id', '=', c.id)
      .execute();
    expect(submissions).toEqual([{ kind: 'identity', outcome: 'pending' }]);
    t.clock.advance(121_000);
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
    const unknown = await t.call('POST', `${MAIN}/user/ekyc/verify`, {
      token: c.token,
      body: { capture_reference: 'cap_unknown' },
    });
    expect(refusal(unknown)).toMatchObject({ status: 404, type: 'NotFound' });
  });
});
