import type { Applicant } from '@onfido/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/server/clock.ts';
import { loadConfig } from '../../../../src/server/config.ts';
import { onfidoApi } from '../../../../src/server/providers/onfido/onfido-api.ts';
import { onfidoTwoPlusTwo, refusalOf } from '../../../../src/server/providers/onfido/onfido-two-plus-two.ts';
import { ONFIDO_WEBHOOK_PATH } from '../../../../src/server/providers/provider-settings.ts';
import type { CheckedPerson } from '../../../../src/server/providers/two-plus-two/two-plus-two-provider.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../../support/databases.ts';
import { DATABASE_CLEAR, type DatabaseFindings, LocalOnfido } from '../../../support/local-onfido.ts';
import { createTestApp, type TestApp } from '../../../support/test-app.ts';
import { movesOf, onboardedCustomer, userData } from '../../verification/verification-fixtures.ts';

const CLEAR = { result: 'clear', sub_result: 'clear' } as const;

/** Identity Enhanced findings by what the sources did not match, with the overall result Onfido's report logic gives them. */
const FINDINGS: Record<string, DatabaseFindings> = {
  // the name with the address twice (Onfido's UK 2+2 is met), never with the date of birth
  Noidentity: {
    result: 'clear',
    breakdown: { ...DATABASE_CLEAR.breakdown, date_of_birth: { result: 'consider' } },
  },
  // the name with the date of birth twice, never with the address
  Noaddress: { result: 'consider', breakdown: { ...DATABASE_CLEAR.breakdown, address: { result: 'consider' } } },
  // nothing matched
  Nomatch: {
    result: 'unidentified',
    breakdown: {
      sources: { result: 'consider' },
      address: { result: 'consider' },
      date_of_birth: { result: 'consider' },
    },
  },
  // matched, but in a mortality list
  Deceased: { result: 'consider', breakdown: { ...DATABASE_CLEAR.breakdown, mortality: { result: 'consider' } } },
};

describe.each(DATABASE_KINDS)('TWO_PLUS_TWO=onfido (with WATCHLIST=onfido) on %s', (kind) => {
  let local: LocalOnfido;
  let t: TestApp;
  beforeAll(async () => {
    local = await LocalOnfido.start();
    const onfido = local.settings();
    t = await createTestApp(kind, {
      providers: { ...loadConfig({}).providers, twoPlusTwo: onfido, watchlist: onfido },
    });
    local.now = () => t.deps.clock.now();
    local.databaseFindings = (applicant: Applicant) => FINDINGS[applicant.last_name ?? ''] ?? DATABASE_CLEAR;
  });
  afterAll(async () => {
    await t.close();
    await local.close();
  });
  beforeEach(() => {
    local.refusedFields = undefined;
    local.databaseReportDelay = 0;
  });

  const deliver = (body: string) =>
    t.call('POST', ONFIDO_WEBHOOK_PATH, { body, headers: { 'X-SHA2-Signature': local.sign(body) } });
  const applicantOf = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('onfido_applicants')
        .innerJoin('customers', 'customers.kyc_user_reference', 'onfido_applicants.customer_reference')
        .select('applicant_id')
        .where('customers.id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).applicant_id;
  const checksOf = (applicantId: string) => [...local.checks.values()].filter((c) => c.applicant_id === applicantId);
  const checkRequests = () =>
    local.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/checks')).map((r) => JSON.parse(`${r.body}`));

  /** Onboarded: the database check is decided at once, the screening (a watchlist check) answers by webhook, clear. */
  async function checked(lastName: string) {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName });
    expect((await userData(t, c.token)).user.verification.status).toBe('Verifying');
    const applicantId = await applicantOf(c.id);
    const [database, screening] = checksOf(applicantId);
    expect(database?.report_names).toEqual(['identity_enhanced']);
    expect(screening?.report_names).toEqual(['watchlist_standard']);
    expect((await deliver(local.complete(screening?.id ?? '', { watchlist_standard: CLEAR }))).status).toBe(200);
    return { ...c, applicantId, databaseCheckId: database?.id ?? '' };
  }

  it("checks the name, date of birth and address with a synchronous Identity Enhanced report on the screening's applicant", async () => {
    const c = await checked('Clearfield');
    expect(local.applicants.get(c.applicantId)).toMatchObject({
      first_name: 'Amina',
      last_name: 'Clearfield',
      dob: '1990-05-17',
      address: { street: '1 Deansgate', town: 'Manchester', postcode: 'M3 1AZ', country: 'GBR' },
    });
    expect(checkRequests()).toContainEqual({
      applicant_id: c.applicantId,
      report_names: ['identity_enhanced'],
      asynchronous: false,
    });
    expect((await userData(t, c.token)).user.verification).toEqual({
      status: 'Pass',
      twoPlusTwoResult: 'Verified',
      watchlistResult: 'Verified',
    });
    expect((await movesOf(t, c.id)).at(-1)?.reason).toBe('identity confirmed; address confirmed; watchlist clear');

    // the database check's own check.completed finds nothing of ours to collect, and changes nothing
    const moves = (await movesOf(t, c.id)).length;
    expect((await deliver(local.complete(c.databaseCheckId, { identity_enhanced: CLEAR }))).status).toBe(200);
    expect(await movesOf(t, c.id)).toHaveLength(moves);
  });

  it.each([
    ['Noidentity', 'RequestId', 'identity not confirmed; address confirmed'],
    ['Noaddress', 'RequestAddress', 'identity confirmed; address not confirmed'],
    ['Nomatch', 'RequestIdAddress', 'identity not confirmed; address not confirmed'],
    ['Deceased', 'RequestId', 'identity not confirmed; address confirmed'],
  ])('asks a customer whose details the sources do not confirm (%s) for documents', async (lastName, status, said) => {
    const c = await checked(lastName);
    expect((await userData(t, c.token)).user.verification).toEqual({
      status,
      twoPlusTwoResult: 'Failed',
      watchlistResult: 'Verified',
    });
    expect((await movesOf(t, c.id)).at(-1)?.reason).toBe(`${said}; watchlist clear`);
  });

  it('waits for a report Onfido completes after answering, asking for it again', async () => {
    local.databaseReportDelay = 2;
    const c = await checked('Clearlater');
    expect((await userData(t, c.token)).user.verification.twoPlusTwoResult).toBe('Verified');
    const [report] = [...local.reports.values()].filter(
      (r) => r.name === 'identity_enhanced' && r.check_id === c.databaseCheckId,
    );
    const asked = local.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/reports/${report?.id}`));
    expect(asked).toHaveLength(2);
  });

  it('takes a refused detail as InvalidInformation on it, and any other refusal as CantProceedWithProvidedDetails', async () => {
    local.refusedFields = { address: { postcode: ['invalid postcode'] } };
    const postcode = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Badpostcode' });
    const data = await userData(t, postcode.token);
    expect(data.user.verification.status).toBe('NotRegistered');
    expect(data.user).toMatchObject({ redirect_to_full: 'address-search', isFullyRegistered: false });

    local.refusedFields = { dob: ['must be in the past'] };
    const born = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Baddob' });
    expect((await userData(t, born.token)).user.redirect_to_full).toBe('registration-date-of-birthday');

    // a refusal naming no detail the customer gives: documents are asked for instead
    local.refusedFields = { report_names: ['identity_enhanced is not available in this country'] };
    const other = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Unsupported' });
    expect((await userData(t, other.token)).user.verification.status).toBe('Verifying');
    const screening = checksOf(await applicantOf(other.id))[0];
    await deliver(local.complete(screening?.id ?? '', { watchlist_standard: CLEAR }));
    expect((await userData(t, other.token)).user.verification.status).toBe('RequestIdAddress');
    expect((await movesOf(t, other.id)).at(-1)?.reason).toContain('details refused by the provider');
  });
});

describe('the Onfido database check, alone', () => {
  let local: LocalOnfido;
  beforeAll(async () => {
    local = await LocalOnfido.start();
  });
  afterAll(() => local.close());

  const PERSON: CheckedPerson = {
    firstName: 'Amina',
    lastName: 'Waiting',
    dateOfBirth: '1990-05-17',
    street: '1 Deansgate',
    city: 'Manchester',
    province: null,
    postcode: 'M3 1AZ',
    country: 'GB',
  };

  it('throws when the report is not complete by the deadline, or Onfido cannot be reached: an outage is no finding', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const clock = new ManualClock();
      const check = onfidoTwoPlusTwo(onfidoApi(local.settings()), clock, { timeoutMs: 10_000, pollMs: 1_000 });
      local.databaseReportDelay = 1_000;
      const context = { customerReference: 'kyc_waiting', trx: database.db };
      await expect(check.check(PERSON, context)).rejects.toThrow('did not complete the database check in time');
      expect(local.requests.filter((r) => r.method === 'GET' && r.path.includes('/reports/'))).toHaveLength(10);

      local.failWith = 503;
      await expect(check.check(PERSON, context)).rejects.toThrow();
      local.failWith = undefined;
      // a country Onfido is not asked about is refused without a call
      const before = local.requests.length;
      expect(await check.check({ ...PERSON, country: 'ZZ' }, context)).toEqual({
        refused: 'CantProceedWithProvidedDetails',
      });
      expect(local.requests).toHaveLength(before);
    } finally {
      await database.close();
    }
  });

  it("reads Onfido's refusals: a detail in its fields however nested, else no detail; not a refusal otherwise", () => {
    const refused = (status: number, data: unknown) => refusalOf({ response: { status, data } });
    const validation = (fields: unknown) => refused(422, { error: { type: 'validation_error', fields } });
    expect(validation({ address: { postcode: ['invalid'] } })).toEqual({
      refused: 'InvalidInformation',
      detail: 'postcode',
    });
    expect(validation({ address: [{ building_number: ['blank'] }] })).toEqual({
      refused: 'InvalidInformation',
      detail: 'street',
    });
    expect(validation({ last_name: ['invalid'] })).toEqual({ refused: 'InvalidInformation', detail: 'name' });
    expect(validation({ dob: ['invalid'] })).toEqual({ refused: 'InvalidInformation', detail: 'date_of_birth' });
    expect(validation({ webhook_ids: ['invalid'] })).toEqual({ refused: 'CantProceedWithProvidedDetails' });
    expect(refused(422, { error: { type: 'unprocessable_entity' } })).toEqual({
      refused: 'CantProceedWithProvidedDetails',
    });
    for (const status of [400, 401, 403, 404, 429, 500, 503]) expect(refused(status, {})).toBeUndefined();
    expect(refusalOf(new Error('socket hang up'))).toBeUndefined();
  });
});
