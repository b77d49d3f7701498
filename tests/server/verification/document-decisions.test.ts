import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitDocument } from '../../../src/server/modules/verification/document-submission.ts';
import { SANDBOX_DOCUMENT_REJECTION } from '../../../src/server/providers/identity-documents/sandbox-document-provider.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

const FRONT = [{ side: 'front', sha256: 'a'.repeat(64), contentType: 'image/jpeg', bytes: new Uint8Array([1]) }];

describe.each(DATABASE_KINDS)('document submissions and the sandbox provider’s decisions, on %s', (kind) => {
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

  it('passes an identity document at once: RequestId → VerifyingId → Pass', async () => {
    const c = await askedForId('Amina');
    await submitDocument(t.deps, c.id, { kind: 'identity', documentType: 'Passport', files: FRONT });
    const data = await userData(t, c.token);
    expect(data.user.verification.status).toBe('Pass');
    expect(data.verification_tasks).toContainEqual({ item: 'identity', state: 'done', reason: null });
    expect((await movesOf(t, c.id)).slice(-2)).toMatchObject([
      { from_status: 'RequestId', to_status: 'VerifyingId', actor: 'customer' },
      { from_status: 'VerifyingId', to_status: 'Pass', actor: 'provider:documents' },
    ]);
  });

  it('rejects with a reason the customer can act on, and takes a new upload: FailedId → VerifyingId', async () => {
    const c = await askedForId('Reject');
    await submitDocument(t.deps, c.id, {
      kind: 'identity',
      documentType: 'DriversLicense',
      files: [
        ...FRONT,
        { side: 'back', sha256: 'b'.repeat(64), contentType: 'image/jpeg', bytes: new Uint8Array([2]) },
      ],
    });
    const data = await userData(t, c.token);
    expect(data.user.verification.status).toBe('FailedId');
    expect(data.document_request).toEqual({ type: 'identity', screen_type: 'capture' });
    expect(data.verification_tasks).toContainEqual({
      item: 'identity',
      state: 'rejected',
      reason: SANDBOX_DOCUMENT_REJECTION,
    });
    await submitDocument(t.deps, c.id, { kind: 'identity', documentType: 'Passport', files: FRONT });
    expect((await movesOf(t, c.id)).at(-1)).toMatchObject({ from_status: 'FailedId', to_status: 'VerifyingId' });
  });

  it('keeps a manual review checking until its delay has passed', async () => {
    const c = await askedForId('Review');
    await submitDocument(t.deps, c.id, { kind: 'identity', documentType: 'DriversLicense', files: FRONT });
    expect((await userData(t, c.token)).user.verification.status).toBe('VerifyingId');
    expect((await userData(t, c.token)).verification_tasks).toContainEqual({
      item: 'identity',
      state: 'checking',
      reason: null,
    });
    t.clock.advance(119_000);
    expect((await userData(t, c.token)).user.verification.status).toBe('VerifyingId');
    t.clock.advance(1_000);
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
  });

  it('refuses a document nobody asked for, and changes nothing', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Warsame' });
    await userData(t, c.token);
    const before = await movesOf(t, c.id);
    await expect(
      submitDocument(t.deps, c.id, { kind: 'address', documentType: 'utility_bill', files: FRONT }),
    ).rejects.toMatchObject({
      type: 'InvalidTransition',
    });
    expect(await movesOf(t, c.id)).toEqual(before);
    const submissions = await t.deps.db
      .selectFrom('verification_submissions')
      .select('id')
      .where('customer_id', '=', c.id)
      .execute();
    expect(submissions).toEqual([]);
  });
});
