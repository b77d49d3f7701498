import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/server/config.ts';
import type { DocumentMasterKeys } from '../../../src/server/document-master-keys.ts';
import { readDocumentFile } from '../../../src/server/modules/verification/document-files.ts';
import { rewrapDocumentKeys } from '../../../src/server/modules/verification/document-rewrap.ts';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from '../../support/databases.ts';
import { pdf, png } from '../../support/document-files.ts';
import { createTestAppOn, type TestApp } from '../../support/test-app.ts';
import { MAIN, onboardedCustomer } from './verification-fixtures.ts';

const key = () => randomBytes(32);
const keysOf = (current: string, entries: Array<[string, Uint8Array]>): DocumentMasterKeys => ({
  keys: new Map(entries),
  current,
  ephemeral: false,
});

/** A customer asked for an identity document uploads a passport's scan (a PDF, kept as received) through `t`. */
async function uploadPassport(t: TestApp, text: string): Promise<{ id: string; bytes: Buffer }> {
  const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Noidentity' });
  expect((await t.call('POST', `${MAIN}/user/get`, { token: c.token })).body.data.user.verification.status).toBe(
    'RequestId',
  );
  const bytes = pdf(text);
  const body = new FormData();
  body.append('document', 'identity');
  body.append('type', 'Passport');
  body.append('scan1', new Blob([bytes], { type: 'application/pdf' }), 'passport.pdf');
  body.append('selfie', new Blob([png()], { type: 'image/png' }), 'selfie.png');
  const res = await t.app.request(`${MAIN}/verification/upload-document`, {
    method: 'POST',
    headers: { 'x-auth-token': c.token },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, bytes };
}

describe.each(DATABASE_KINDS)('documents in the database every replica shares, on %s', (kind: DatabaseKind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: TestApp[] = [];
  /** One more replica of the deployment over the same database, with these settings. */
  const replica = async (overrides: Partial<Config>) => {
    const t = await createTestAppOn(database, { documentStore: 'database', ...overrides });
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database.close();
  });

  it('reads through one server a document uploaded through another, from the database and not from either server', async () => {
    const documentKeys = keysOf('shared', [['shared', key()]]);
    const [one, two] = [await replica({ documentKeys }), await replica({ documentKeys })] as [TestApp, TestApp];
    const { id, bytes } = await uploadPassport(one, 'Passport of Amina, uploaded through the first server');
    expect(await readDocumentFile(two.deps, id, 0)).toEqual(bytes);
    const stored = await database.db
      .selectFrom('document_store_files')
      .select(['storage_key', 'ciphertext'])
      .where('storage_key', '=', `${id}-0`)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.ciphertext).includes(Buffer.from('Passport of Amina'))).toBe(false);
    // a server whose master keys are others cannot open it
    const stranger = await replica({ documentKeys: keysOf('shared', [['shared', key()]]) });
    await expect(readDocumentFile(stranger.deps, id, 0)).rejects.toThrow();
  });

  it('rotates the master key: new uploads take the new key, a rewrap moves the old ones, and with the old key removed every document still opens', async () => {
    const old = key();
    const fresh = key();
    const before = await replica({ documentKeys: keysOf('2026-01', [['2026-01', old]]) });
    const first = await uploadPassport(before, 'Uploaded under the old master key');

    const rotating = keysOf('2026-07', [
      ['2026-01', old],
      ['2026-07', fresh],
    ]);
    const during = await replica({ documentKeys: rotating });
    const second = await uploadPassport(during, 'Uploaded while both keys are configured');
    const keyIds = async () =>
      (
        await database.db
          .selectFrom('verification_document_files')
          .select(['submission_id', 'key_id'])
          .where('submission_id', 'in', [first.id, second.id])
          .orderBy('submission_id')
          .execute()
      ).map((row) => [row.submission_id, row.key_id]);
    expect(Object.fromEntries(await keyIds())).toEqual({ [first.id]: '2026-01', [second.id]: '2026-07' });
    const ciphertextBefore = await database.db
      .selectFrom('document_store_files')
      .select('ciphertext')
      .where('storage_key', '=', `${first.id}-0`)
      .executeTakeFirstOrThrow();

    // the first test's documents are on a key of their own: out of the way of this rotation
    await database.db.deleteFrom('verification_document_files').where('key_id', '=', 'shared').execute();
    // the old key's documents are unreadable once it is removed, until they are rewrapped
    const after = await replica({ documentKeys: keysOf('2026-07', [['2026-07', fresh]]) });
    await expect(readDocumentFile(after.deps, first.id, 0)).rejects.toThrow(/2026-01 is not configured/);
    await expect(rewrapDocumentKeys(database.db, after.deps.config.documentKeys)).rejects.toThrow(/2026-01/);

    expect(await rewrapDocumentKeys(database.db, rotating)).toBe(2); // the scan and the selfie
    expect(await rewrapDocumentKeys(database.db, rotating)).toBe(0);
    expect(Object.fromEntries(await keyIds())).toEqual({ [first.id]: '2026-07', [second.id]: '2026-07' });
    expect(await readDocumentFile(after.deps, first.id, 0)).toEqual(first.bytes);
    expect(await readDocumentFile(after.deps, second.id, 0)).toEqual(second.bytes);
    // only the wrapped key changed: the file in the store is the same ciphertext
    const ciphertextAfter = await database.db
      .selectFrom('document_store_files')
      .select('ciphertext')
      .where('storage_key', '=', `${first.id}-0`)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(ciphertextAfter.ciphertext)).toEqual(Buffer.from(ciphertextBefore.ciphertext));
  });
});
