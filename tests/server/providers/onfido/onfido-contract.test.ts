import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.ts';
import { contentSecurityPolicy } from '../../../../src/server/http/security-headers.ts';
import { readDocumentFile } from '../../../../src/server/modules/verification/document-files.ts';
import { ONFIDO_REFUSALS } from '../../../../src/server/providers/onfido/onfido-verdicts.ts';
import { ONFIDO_WEBHOOK_PATH } from '../../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../../support/databases.ts';
import { jpeg, png } from '../../../support/document-files.ts';
import { LocalOnfido } from '../../../support/local-onfido.ts';
import { builtPageDir, pagePolicy } from '../../../support/page-policy.ts';
import { createTestApp, type TestApp } from '../../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from '../../verification/verification-fixtures.ts';

const CLEAR = { result: 'clear', sub_result: 'clear' } as const;

describe.each(DATABASE_KINDS)(
  'Onfido behind the identity seams (IDENTITY_*=onfido, WATCHLIST=onfido) on %s',
  (kind) => {
    let local: LocalOnfido;
    let t: TestApp;
    beforeAll(async () => {
      local = await LocalOnfido.start();
      const onfido = local.settings();
      t = await createTestApp(kind, {
        providers: { ...loadConfig({}).providers, documents: onfido, identityCapture: onfido, watchlist: onfido },
        staticDir: builtPageDir(),
      });
      local.now = () => t.deps.clock.now();
    });
    afterAll(async () => {
      await t.close();
      await local.close();
    });
    beforeEach(() => {
      local.failWith = undefined;
    });

    /** Onfido's webhook as it arrives over HTTP, signed by default as Onfido signs it. */
    const deliver = (body: string, signature: string | null = local.sign(body)) =>
      t.call('POST', ONFIDO_WEBHOOK_PATH, { body, headers: signature ? { 'X-SHA2-Signature': signature } : {} });

    const statusOf = async (token: string) => (await userData(t, token)).user.verification;
    const checksOf = (applicantId: string) => [...local.checks.values()].filter((c) => c.applicant_id === applicantId);
    const applicantOf = async (customerId: string) => {
      const row = await t.deps.db
        .selectFrom('onfido_applicants')
        .innerJoin('customers', 'customers.kyc_user_reference', 'onfido_applicants.customer_reference')
        .select('applicant_id')
        .where('customers.id', '=', customerId)
        .executeTakeFirstOrThrow();
      return row.applicant_id;
    };

    /** A customer through onboarding: the screening is a pending watchlist check; its clear verdict arrives signed. */
    async function screened(firstName: string, lastName: string, dateOfBirth?: string) {
      const c = await onboardedCustomer(t, { firstName, lastName, ...(dateOfBirth ? { dateOfBirth } : {}) });
      expect((await statusOf(c.token)).status).toBe('Verifying');
      const applicantId = await applicantOf(c.id);
      const [screening] = checksOf(applicantId);
      expect(screening?.report_names).toEqual(['watchlist_standard']);
      return { ...c, applicantId, screeningId: screening?.id ?? '' };
    }

    it('screens the customer with a watchlist report; a forged webhook changes nothing, the signed one moves the status once', async () => {
      const c = await screened('Amina', 'Noidentity');
      expect(local.applicants.get(c.applicantId)).toMatchObject({ first_name: 'Amina', last_name: 'Noidentity' });
      expect(local.applicants.get(c.applicantId)?.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const body = local.complete(c.screeningId, { watchlist_standard: CLEAR });

      // forged: another token's signature, a signature of another body, none, garbage
      for (const signature of [local.sign(body, 'whtok_someone_else_0123456789'), local.sign(`${body} `), null, 'zz']) {
        const forged = await deliver(body, signature);
        expect(forged.status).toBe(401);
        expect(forged.body.errors[0].type).toBe('urn:sarraf:error:Unauthorized');
      }
      expect(await t.deps.db.selectFrom('onfido_webhook_events').selectAll().execute()).toEqual([]);
      expect((await statusOf(c.token)).status).toBe('Verifying');

      const signed = await deliver(body);
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(await statusOf(c.token)).toMatchObject({ status: 'RequestId', watchlistResult: 'Verified' });
      expect((await movesOf(t, c.id)).at(-1)).toMatchObject({
        from_status: 'Verifying',
        to_status: 'RequestId',
        actor: 'provider:two-plus-two+watchlist',
        reason: expect.stringContaining('watchlist clear'),
      });
      const moves = (await movesOf(t, c.id)).length;
      expect((await deliver(body)).status).toBe(200);
      expect(await movesOf(t, c.id)).toHaveLength(moves);
      expect(
        await t.deps.db
          .selectFrom('onfido_webhook_events')
          .selectAll()
          .where('object_id', '=', c.screeningId)
          .execute(),
      ).toHaveLength(1);
    });

    it('holds a watchlist match for a compliance review: Verifying, watchlist Failed', async () => {
      const c = await screened('Mallory', 'Match');
      expect(
        (await deliver(local.complete(c.screeningId, { watchlist_standard: { result: 'consider' } }))).status,
      ).toBe(200);
      expect(await statusOf(c.token)).toMatchObject({ status: 'Verifying', watchlistResult: 'Failed' });
      expect((await movesOf(t, c.id)).at(-1)?.reason).toContain(`watchlist hit ${c.screeningId}`);
    });

    /** Asked for an identity document, with the Web SDK's capture started for a passport. */
    async function captureStarted(firstName: string) {
      const c = await screened(firstName, 'Noidentity');
      await deliver(local.complete(c.screeningId, { watchlist_standard: CLEAR }));
      expect((await statusOf(c.token)).status).toBe('RequestId');
      const started = await t.call('POST', `${MAIN}/user/ekyc`, {
        token: c.token,
        body: { document_type: 'Passport' },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return { ...c, started: started.body.data };
    }

    const verify = (token: string, reference: string) =>
      t.call('POST', `${MAIN}/user/ekyc/verify`, { token, body: { capture_reference: reference } });

    it('captures with the Web SDK: SDK token, a document + facial similarity check, a signed verdict → Pass', async () => {
      const c = await captureStarted('Idris');
      const reference = c.started.capture_reference;
      expect(c.started).toEqual({
        capture_reference: reference,
        redirect_url: `/verifying-in-progress?capture=${reference}`,
        sdk: { provider: 'onfido', token: `sdk.${c.applicantId}` },
      });
      const tokenAsked = local.requests.find((r) => r.path.endsWith('/sdk_token'));
      expect(JSON.parse(tokenAsked?.body.toString() ?? '{}')).toEqual({
        applicant_id: c.applicantId,
        referrer: 'https://send.sarraf.example/*',
      });

      // back before the SDK uploaded anything: still taking photos, no check
      expect((await verify(c.token, reference)).body.data).toEqual({
        capture: 'taking_photos',
        verification_status: 'RequestId',
      });
      expect(checksOf(c.applicantId)).toHaveLength(1);

      local.uploadFromBrowser(c.applicantId, { front: jpeg(), selfie: png() });
      const received = await verify(c.token, reference);
      expect(received.body.data).toEqual({ capture: 'received', verification_status: 'VerifyingId' });
      const check = checksOf(c.applicantId).at(-1);
      expect(check?.report_names).toEqual(['document', 'facial_similarity_photo']);
      const [front] = [...local.documents.values()].filter((d) => d.applicantId === c.applicantId);
      expect(check?.document_ids).toEqual([front?.id]);
      // asked again, the same check
      expect((await verify(c.token, reference)).body.data.verification_status).toBe('VerifyingId');
      expect(checksOf(c.applicantId)).toHaveLength(2);

      // the photos Onfido took are fetched and kept like an upload
      const submission = await t.deps.db
        .selectFrom('verification_submissions')
        .selectAll()
        .where('customer_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(submission.provider_reference).toBe(check?.id);
      const files = await t.deps.db
        .selectFrom('verification_document_files')
        .select(['field', 'content_type'])
        .where('submission_id', '=', submission.id)
        .orderBy('position')
        .execute();
      expect(files.map((f) => [f.field, f.content_type])).toEqual([
        ['scan1', 'image/jpeg'],
        ['selfie', 'image/png'],
      ]);
      expect((await readDocumentFile(t.deps, submission.id, 1)).subarray(1, 4).toString()).toBe('PNG');

      // a user load before the webhook does not ask Onfido for the reports
      const asked = local.requests.length;
      expect((await statusOf(c.token)).status).toBe('VerifyingId');
      expect(local.requests).toHaveLength(asked);

      const body = local.complete(check?.id ?? '', { document: CLEAR, facial_similarity_photo: CLEAR });
      expect((await deliver(body, local.sign(body, 'whtok_forger_0123456789abcdef'))).status).toBe(401);
      expect((await statusOf(c.token)).status).toBe('VerifyingId');
      expect((await deliver(body)).status).toBe(200);
      expect((await statusOf(c.token)).status).toBe('Pass');
      expect((await movesOf(t, c.id)).slice(-2)).toMatchObject([
        { from_status: 'RequestId', to_status: 'VerifyingId', actor: 'customer' },
        { from_status: 'VerifyingId', to_status: 'Pass', actor: 'provider:documents' },
      ]);
    });

    it.each([
      [
        'a rejected document',
        { document: { result: 'consider', sub_result: 'rejected' }, facial_similarity_photo: CLEAR },
        ONFIDO_REFUSALS.documentRejected,
      ],
      [
        'a suspected document',
        { document: { result: 'consider', sub_result: 'suspected' }, facial_similarity_photo: CLEAR },
        ONFIDO_REFUSALS.documentSuspected,
      ],
      [
        'a selfie that does not match',
        { document: CLEAR, facial_similarity_photo: { result: 'consider' } },
        ONFIDO_REFUSALS.faceMismatch,
      ],
    ] as const)(
      'fails %s with a reason the customer can act on: VerifyingId → FailedId',
      async (_what, results, reason) => {
        const c = await captureStarted('Hodan');
        local.uploadFromBrowser(c.applicantId, { front: jpeg(), back: jpeg(), selfie: png() });
        expect((await verify(c.token, c.started.capture_reference)).body.data.verification_status).toBe('VerifyingId');
        const check = checksOf(c.applicantId).at(-1);
        expect(check?.document_ids).toHaveLength(2);
        expect((await deliver(local.complete(check?.id ?? '', results))).status).toBe(200);
        const data = await userData(t, c.token);
        expect(data.user.verification.status).toBe('FailedId');
        expect(data.verification_tasks).toContainEqual({ item: 'identity', state: 'rejected', reason });
      },
    );

    it('sends a manual upload to Onfido: the files uploaded to the applicant and checked; the verdict comes signed', async () => {
      const c = await screened('Warsame', 'Noidentity');
      await deliver(local.complete(c.screeningId, { watchlist_standard: CLEAR }));
      const form = new FormData();
      form.append('document', 'identity');
      form.append('type', 'Passport');
      form.append('scan1', new Blob([jpeg()], { type: 'image/jpeg' }), 'front.jpg');
      form.append('selfie', new Blob([png()], { type: 'image/png' }), 'selfie.png');
      const res = await t.app.request(`${MAIN}/verification/upload-document`, {
        method: 'POST',
        headers: { 'x-auth-token': c.token },
        body: form,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const uploads = local.requests.filter((r) => r.method === 'POST' && /\/(documents|live_photos)$/.test(r.path));
      expect(uploads.map((r) => r.path.split('/').at(-1))).toEqual(['documents', 'live_photos']);
      expect(uploads.every((r) => r.contentType.startsWith('multipart/form-data'))).toBe(true);
      const [document] = [...local.documents.values()].filter((d) => d.applicantId === c.applicantId);
      expect(document).toMatchObject({ type: 'passport', side: 'front' });
      const check = checksOf(c.applicantId).at(-1);
      expect(check).toMatchObject({
        report_names: ['document', 'facial_similarity_photo'],
        document_ids: [document?.id],
      });
      expect((await statusOf(c.token)).status).toBe('VerifyingId');
      expect(
        (await deliver(local.complete(check?.id ?? '', { document: CLEAR, facial_similarity_photo: CLEAR }))).status,
      ).toBe(200);
      expect((await statusOf(c.token)).status).toBe('Pass');
    });

    it('takes a webhook for a check it did not create, or of another kind, and changes nothing', async () => {
      const other = JSON.stringify({
        payload: { resource_type: 'report', action: 'report.completed', object: { id: 'rep_1', status: 'complete' } },
      });
      expect((await deliver(other)).status).toBe(200);
      const unknown = JSON.stringify({
        payload: {
          resource_type: 'check',
          action: 'check.completed',
          object: { id: 'chk_unknown', status: 'complete' },
        },
      });
      expect((await deliver(unknown)).status).toBe(200);
      expect((await deliver('{"payload":{}}')).status).toBe(400);
    });

    it("lets Onfido's Web SDK into the page's CSP only with IDENTITY_CAPTURE=onfido", async () => {
      const csp = await pagePolicy(t);
      expect(csp).toContain("script-src 'self' https://sdk.onfido.com;");
      expect(csp).toContain("style-src 'self' https://sdk.onfido.com;");
      expect(csp).toContain("connect-src 'self' https://*.onfido.com wss://*.onfido.com;");
      expect(contentSecurityPolicy(loadConfig({}))).not.toContain('onfido');
    });

    it('keeps an outage from being a verdict: Onfido down at the capture start answers an error and moves nothing', async () => {
      const c = await screened('Faisal', 'Noidentity');
      await deliver(local.complete(c.screeningId, { watchlist_standard: CLEAR }));
      local.failWith = 503;
      const started = await t.call('POST', `${MAIN}/user/ekyc`, {
        token: c.token,
        body: { document_type: 'Passport' },
      });
      expect(started.status).toBeGreaterThanOrEqual(500);
      expect((await statusOf(c.token)).status).toBe('RequestId');
    });
  },
);
