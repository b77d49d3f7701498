import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocumentFile } from '../../../src/server/modules/verification/document-files.ts';
import { signCallback } from '../../../src/server/providers/callback-signature.ts';
import { SANDBOX_DOCUMENT_REJECTION } from '../../../src/server/providers/identity-documents/sandbox-document-provider.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { jpeg, png } from '../../support/document-files.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

const CALLBACK = '/api/hooks/identity-capture';

describe.each(DATABASE_KINDS)('the identity-capture provider flow, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sandboxDocumentReviewSeconds: 120 });
  });
  afterAll(() => t.close());

  async function askedForId(firstName: string) {
    const c = await onboardedCustomer(t, { firstName, lastName: 'Noidentity' });
    expect((await userData(t, c.token)).user.verification.status).toBe('RequestId');
    return c;
  }

  /** `/user/ekyc`, then the provider's page and its photos, as the page's script sends them. */
  async function capture(token: string, photos = { document: jpeg(), selfie: png() }) {
    const started = await t.call('POST', `${MAIN}/user/ekyc`, { token, body: { document_type: 'Passport' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const page = await t.app.request(started.body.data.redirect_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Take a photo of the passport');
    const form = new FormData();
    form.append('document', new Blob([photos.document], { type: 'image/jpeg' }), 'document.jpg');
    form.append('selfie', new Blob([photos.selfie], { type: 'image/jpeg' }), 'selfie.jpg');
    const sent = await t.app.request(`${started.body.data.redirect_url}captures`, { method: 'POST', body: form });
    return {
      reference: started.body.data.capture_reference as string,
      status: sent.status,
      body: (await sent.json()) as any,
    };
  }

  const submissionsOf = (customerId: string) =>
    t.deps.db.selectFrom('verification_submissions').selectAll().where('customer_id', '=', customerId).execute();

  const customerReference = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('customers')
        .select('kyc_user_reference')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).kyc_user_reference ?? '';

  const callbackOf = (customerRef: string, captureRef: string, changes: Record<string, unknown> = {}) =>
    JSON.stringify({
      event: 'capture.completed',
      capture_reference: captureRef,
      check_reference: 'doc_forged',
      customer_reference: customerRef,
      document_type: 'DriversLicense',
      outcome: 'passed',
      reason: null,
      ...changes,
    });

  /** The provider's callback as it arrives over HTTP, signed with `signature` (by default the right one). */
  const deliver = (body: string, signature: string | null = signCallback(secret(), body, t.deps.clock.now())) =>
    t.call('POST', CALLBACK, { body, headers: signature ? { 'Sarraf-Signature': signature } : {} });
  const secret = () => t.deps.config.identityCallbackSecret.key;

  it('passes: the photos are stored without metadata, the callback moves RequestId → VerifyingId → Pass, once', async () => {
    const c = await askedForId('Amina');
    const sent = await capture(c.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.next).toBe(`/verifying-in-progress?capture=${sent.reference}`);
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
    expect((await movesOf(t, c.id)).slice(-2)).toMatchObject([
      { from_status: 'RequestId', to_status: 'VerifyingId', actor: 'customer' },
      { from_status: 'VerifyingId', to_status: 'Pass', actor: 'provider:documents' },
    ]);
    const [submission] = await submissionsOf(c.id);
    if (!submission) throw new Error('the capture is a submission');
    const front = await readDocumentFile(t.deps, submission.id, 0);
    expect(front.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(front.toString('latin1')).not.toContain('GPSLatitude');

    // the same callback delivered again changes nothing
    const moves = await movesOf(t, c.id);
    const again = await deliver(
      callbackOf(await customerReference(c.id), sent.reference, { check_reference: `doc_${sent.reference}` }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.verification_status).toBe('Pass');
    expect(await movesOf(t, c.id)).toEqual(moves);
    expect(await submissionsOf(c.id)).toHaveLength(1);

    // another customer sees neither the document nor the page again
    const other = await askedForId('Hodan');
    const peek = await t.call('GET', `${MAIN}/verification/documents/${submission.id}`, { token: other.token });
    expect(peek.status).toBe(404);
    expect((await t.app.request(`/sandbox/identity/${sent.reference}/`)).status).toBe(404);
  });

  it('fails with the reason to act on (FailedId), and a manual review waits (VerifyingId) then passes', async () => {
    const rejected = await askedForId('Reject');
    expect((await capture(rejected.token)).status).toBe(200);
    const data = await userData(t, rejected.token);
    expect(data.user.verification.status).toBe('FailedId');
    expect(data.verification_tasks).toContainEqual({
      item: 'identity',
      state: 'rejected',
      reason: SANDBOX_DOCUMENT_REJECTION,
    });

    const reviewed = await askedForId('Review');
    expect((await capture(reviewed.token)).status).toBe(200);
    expect((await userData(t, reviewed.token)).user.verification.status).toBe('VerifyingId');
    t.clock.advance(120_000);
    expect((await userData(t, reviewed.token)).user.verification.status).toBe('Pass');
    expect((await movesOf(t, reviewed.id)).at(-1)).toMatchObject({ to_status: 'Pass', actor: 'provider:documents' });
  });

  it('refuses a callback whose signature does not hold, and a capture nobody asked for', async () => {
    const c = await askedForId('Amina');
    const started = await t.call('POST', `${MAIN}/user/ekyc`, {
      token: c.token,
      body: { document_type: 'DriversLicense' },
    });
    const body = callbackOf(await customerReference(c.id), started.body.data.capture_reference);
    const now = t.deps.clock.now();
    const stale = new Date(now.getTime() - 6 * 60_000);
    for (const signature of [
      null,
      signCallback(new Uint8Array(32), body, now),
      signCallback(secret(), body, stale),
      signCallback(secret(), `${body} `, now),
    ]) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].type).toMatch(/Unauthorized$/);
    }
    expect(await submissionsOf(c.id)).toEqual([]);
    expect((await userData(t, c.token)).user.verification.status).toBe('RequestId');

    expect((await deliver(callbackOf('kyc_nobody', started.body.data.capture_reference))).status).toBe(404);

    const verified = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Warsame' });
    await userData(t, verified.token);
    const notAsked = await t.call('POST', `${MAIN}/user/ekyc`, {
      token: verified.token,
      body: { document_type: 'DriversLicense' },
    });
    expect(notAsked.status).toBe(409);
    expect(notAsked.body.errors[0].type).toMatch(/InvalidTransition$/);
  });
});
