import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { readDocumentFile, storeDocumentFiles } from '../../../src/server/modules/verification/document-files.ts';
import {
  DOCUMENT_ORPHAN_SWEEP,
  scheduleOrphanDocumentSweep,
} from '../../../src/server/modules/verification/document-orphans.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { jpeg, png } from '../../support/document-files.ts';
import { pictureDifference } from '../../support/pictures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, onboardedCustomer, userData } from './verification-fixtures.ts';

describe.each(DATABASE_KINDS)('the daily sweep of document files no row names, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const storedKeys = async () => (await t.deps.providers.documentStore.list()).map(({ key }) => key).sort();
  const moveClockTo = (at: string) => t.clock.advance(new Date(at).getTime() - t.clock.now().getTime());

  /** An upload whose transaction fails after its file was put in the store: the file's row is never committed. */
  async function failedUpload(): Promise<string> {
    const submissionId = randomUUID();
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await storeDocumentFiles(t.deps, trx, submissionId, [
          { field: 'scan1', contentType: 'image/jpeg', bytes: jpeg() },
        ]);
        throw new Error('the upload’s transaction fails');
      }),
    ).rejects.toThrow();
    return `${submissionId}-0`;
  }

  it('removes the files of uploads never committed or deleted, once an hour old, and keeps every file a row names', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Noidentity' });
    // loading the customer runs the automatic checks, which ask for an identity document
    expect((await userData(t, c.token)).user.verification.status).toBe('RequestId');
    const body = new FormData();
    body.append('document', 'identity');
    body.append('type', 'Passport');
    body.append('scan1', new Blob([jpeg()], { type: 'image/jpeg' }), 'front.jpg');
    body.append('selfie', new Blob([png()], { type: 'image/png' }), 'selfie.png');
    const res = await t.app.request(`${MAIN}/verification/upload-document`, {
      method: 'POST',
      headers: { 'x-auth-token': c.token },
      body,
    });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const lost = await failedUpload();
    // a document file whose row is deleted leaves its file behind too
    await t.deps.db
      .deleteFrom('verification_document_files')
      .where('submission_id', '=', id)
      .where('position', '=', 1)
      .execute();
    expect(await storedKeys()).toEqual([`${id}-0`, `${id}-1`, lost].sort());

    const first = await scheduleOrphanDocumentSweep(t.deps.db, t.clock);
    expect(await scheduleOrphanDocumentSweep(t.deps.db, t.clock)).toBe(first);
    // half an hour before the run, another upload is under way: its file has no row yet
    moveClockTo('2026-01-16T02:30:00Z');
    const underWay = await failedUpload();
    moveClockTo('2026-01-16T03:00:00Z');
    await new OutboxWorker(t.deps, outboxHandlers()).drain();

    expect(await storedKeys()).toEqual([`${id}-0`, underWay].sort());
    expect(
      await pictureDifference(await readDocumentFile(t.deps, id, 0), jpeg({ metadata: false })),
    ).toBeLessThanOrEqual(2);
    const events = await t.deps.db
      .selectFrom('outbox_events')
      .select(['status', 'available_at'])
      .where('topic', '=', DOCUMENT_ORPHAN_SWEEP)
      .orderBy('available_at')
      .execute();
    expect(events.map((e) => [e.status, new Date(e.available_at).toISOString()])).toEqual([
      ['done', '2026-01-16T03:00:00.000Z'],
      ['pending', '2026-01-17T03:00:00.000Z'],
    ]);
  });
});
