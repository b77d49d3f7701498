import fc from 'fast-check';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/domain/contract/endpoint.ts';
import { ERROR_CATALOGUE } from '../../../src/domain/errors.ts';
import { createSession, touchSession } from '../../../src/server/auth/sessions.ts';
import { SANDBOX_CAPTCHA_TOKEN, SANDBOX_V3_TOKENS } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { ENDPOINT_ENTRIES } from '../../support/endpoint-entries.ts';
import { registerCustomer, startRegistration } from '../../support/register-customer.ts';
import { countTableWrites, type WriteCounts, writtenTables } from '../../support/table-writes.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE } from '../beneficiaries/beneficiary-fixtures.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import {
  addRecipient,
  awaitingTransfer,
  type Sender,
  saveQuote,
  TO_KENYA_MOBILE,
} from '../transfers/transfer-fixtures.ts';
import { completeOnboarding } from '../verification/verification-fixtures.ts';
import {
  ErrorEnvelope,
  type HostileRequest,
  hostileRequests,
  type KnownValues,
  plausible,
  requestHeaders,
} from './hostile-request-arbitraries.ts';

/**
 * Every entry of every endpoint table, sent hostile requests (SPEC §8): the
 * answer is never a 5xx; a refusal is a 4xx in the error envelope and writes
 * nothing; a success matches the entry's response contract. FUZZ_RUNS sets
 * the requests per entry and database (`npm run fuzz` sends many more and
 * prints what came back); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Refusals that write by design, and the tables they may write to. */
const REFUSALS_THAT_WRITE: Record<string, string[]> = {
  /** a failed sign-in counts against the account and the address (abuse limits) */
  'user.login': ['abuse_limit_counters'],
  /** every passkey sign-in call counts against the address (abuse limits), asking for its challenge too */
  'passkeys.signIn': ['abuse_limit_counters'],
  'passkeys.signInOptions': ['abuse_limit_counters'],
  /** every registration attempt counts against the address and the e-mail, refused or not (abuse limits) */
  'oauth.sendEmailCode': ['abuse_limit_counters'],
  /** a wrong code uses up one of the registration's attempts and counts against the address */
  'oauth.checkEmailCode': ['registrations', 'abuse_limit_counters'],
  'oauth.resendEmailCode': ['abuse_limit_counters'],
  /** every recovery request counts and stores a code, registered e-mail or not (no enumeration) */
  'user.resetPassword': ['abuse_limit_counters', 'password_recoveries'],
  /** a wrong code uses up one of the code's attempts and counts against the address */
  'user.changePasswordWithCode': ['abuse_limit_counters', 'password_recoveries'],
  /** a wrong old password counts against the session and the address */
  'user.changePassword': ['abuse_limit_counters'],
  /** the same for the phone: every attempt counts, a wrong code uses up an attempt */
  'oauth.sendPhoneCode': ['abuse_limit_counters'],
  'oauth.checkPhoneCode': ['registrations', 'abuse_limit_counters'],
  'oauth.resendPhoneCode': ['abuse_limit_counters'],
  /** a failed sign-in by phone counts like one by e-mail */
  'user.loginWithPhone': ['abuse_limit_counters'],
  /** a change of e-mail or number asks for the password again: a wrong one counts like a wrong old password */
  'contact.changeEmail': ['abuse_limit_counters'],
  'contact.changePhone': ['abuse_limit_counters'],
  /** a registration by bank ID counts against the address, also when the captcha gate refuses it */
  'oauth.startBankId': ['abuse_limit_counters'],
  /** SPEC §7's names of the same calls count the same way */
  'oauth.registerWithPhone': ['abuse_limit_counters'],
  'oauth.registerWithPersonalIdentityNumber': ['abuse_limit_counters'],
  'oauth.loginWithPersonalIdentityNumber': ['abuse_limit_counters'],
  /** every captcha token sent to the provider counts against the address, passing or not */
  'oauth.scoreCaptcha': ['abuse_limit_counters'],
  'oauth.checkCaptcha': ['abuse_limit_counters'],
  /** every code check counts against the address; a wrong code uses up one of the code's attempts */
  'contact.verifyEmail': ['abuse_limit_counters', 'contact_changes'],
  'contact.verifyPhone': ['abuse_limit_counters', 'contact_changes'],
};

/**
 * A customer with a recipient, a live quote, a transfer awaiting payment, a
 * card token, a registration under way and a guest session (the bearer of
 * the captcha calls).
 */
interface World {
  customer: Sender;
  registration: string;
  guest: string;
  reusedKey: string;
  known: KnownValues;
}

async function world(t: TestApp): Promise<World> {
  const signedUp = await registerCustomer(t);
  await completeOnboarding(t, signedUp.token, { firstName: 'Fuzz', lastName: 'Tester' });
  const customer: Sender = {
    id: signedUp.user.id,
    token: signedUp.token,
    beneficiaryId: await addRecipient(t, signedUp.token, KENYA_MOBILE),
    quoteId: await saveQuote(t, signedUp.token),
    quote: TO_KENYA_MOBILE,
  };
  const transRef = await awaitingTransfer(t, customer);
  const quoteId = await saveQuote(t, customer.token);
  const registration = await startRegistration(t, {
    email: `fuzz-${crypto.randomUUID()}@example.test`,
    password: 'secret12',
    country: 'GB',
  });
  const known: KnownValues = {
    email: signedUp.email,
    password: signedUp.password,
    full_name: 'Faadumo Cali',
    mobile: '+447400100123',
    country: 'GB',
    code: '123456',
    /** not the customer's: the fuzz never changes the password it signs in with */
    old_password: 'not-the-password1',
    new_password: 'changed-pass9',
    customer_id: customer.id,
    quote_id: quoteId,
    beneficiary_id: customer.beneficiaryId,
    trans_ref: transRef,
    card_token: await tokenize(t),
    /** a top-up or payment names one card (card_token, card_fields or saved_card_id): the plausible one pays by token */
    saved_card_id: undefined,
    card_fields: undefined,
    /** only a sender from the United States gives these with a card payment; this customer is in GB */
    billing_address: undefined,
    ssn_last4: undefined,
    card_id: 'card_not-a-real-one',
    payment_type: 'card',
    id: customer.beneficiaryId,
    /** nobody's document: the call answers 404 */
    document_id: crypto.randomUUID(),
    iso2: 'GB',
    iso_code: 'GB',
    source_country: 'GB',
    source_country_iso2: 'GB',
    destination_country: 'KE',
    destination_country_iso2: 'KE',
    destination_currency: 'KES',
    /** a wallet currency a GB customer may hold (also a fine beneficiary filter) */
    currency: 'EUR',
    currencies: ['EUR', 'USD'],
    /** how a browser reaches a passkey's authenticator */
    transports: ['internal'],
    from_currency: 'GBP',
    to_currency: 'EUR',
    from_amount: '10.00',
    to_amount: '11.44',
    exchange_rate: '1.14425',
    top_up_id: 'tup_not-a-real-one',
    target_rate: '1.2',
    alert_id: 'ral_not-a-real-one',
    schedule_id: 'sch_not-a-real-one',
    min_rate: '150.5',
    end_count: 3,
    day_of_month: 20,
    start_date: '2026-02-20',
    end_date: '2026-06-20',
    run_date: '2026-02-20',
    month: '2026-01',
    amount: '100.00',
    payout_provider_name: 'sandbox-mobile-money',
    promo_code: 'HALFFEE',
    country_iso2: 'KE',
    limit: '10',
    values: KENYA_MOBILE.values,
    first_name: 'Amina',
    surname: 'Abdi',
    nationality: 'SO',
    date_of_birth: '1990-01-31',
    street: '1 Deansgate',
    city: 'Manchester',
    postcode: 'M3 1AZ',
    province: null,
    occupation: 'Nurse',
    usa_state: 'TX',
    ssn: '123-45-6789',
    personal_number: '199001011239',
    personalIdentityNumber: '199001011239',
    agent_code: 'HODAN-01',
    query: 'London',
    // a web push subscription to the sandbox's local endpoint (nothing listens: its pushes are never sent here)
    endpoint: 'http://127.0.0.1:9/push/fuzz',
    keys: {
      p256dh: 'BIdfzlFUE586OQK-rYd5dVDXWvtKGz2B6D__BOLJZbAo5JTpFGnIbUWjOvPihnbDt7jcOK4-YgWy-kJPpkAPXJE',
      auth: 'Ojup4oRaAYebgyJRB6Ns1A',
    },
  };
  const guest = await t.call('POST', '/api/oauth/guest', { body: { country: 'GB' } });
  return { customer, registration, guest: guest.body.data.guest_token, reusedKey: crypto.randomUUID(), known };
}

/** Calls that take one of two fields (password recovery: the e-mail or the mobile number) start from the e-mail alone. */
const ONE_OF: Record<string, KnownValues> = {
  'user.resetPassword': { mobile: undefined, country: undefined },
  'user.changePasswordWithCode': { mobile: undefined, country: undefined },
};

/** Fields whose text is itself a document: the SPEC upload's `data`, a JSON list of commands. */
const ENCODED: Record<string, KnownValues> = {
  'kyc.document': {
    data: JSON.stringify([
      { cmd: 'document', guid: '0b6e7a4c-3c1d-4f5e-9a7b-2d8c6e1f0a93', document_type: 'Passport' },
    ]),
  },
};

/** A token each captcha call's provider passes. */
const CAPTCHA_TOKENS: Record<string, KnownValues> = {
  'oauth.scoreCaptcha': { token: SANDBOX_V3_TOKENS.human },
  'oauth.checkCaptcha': { token: SANDBOX_CAPTCHA_TOKEN },
};

/** The push renewal proves the old subscription (its endpoint and secret) and names the new one. */
const RENEWAL: Record<string, KnownValues> = {
  'notifications.renewPush': {
    old: { endpoint: 'http://127.0.0.1:9/push/fuzz', auth: 'Ojup4oRaAYebgyJRB6Ns1A' },
    new: {
      endpoint: 'http://127.0.0.1:9/push/fuzz-renewed',
      keys: {
        p256dh: 'BIdfzlFUE586OQK-rYd5dVDXWvtKGz2B6D__BOLJZbAo5JTpFGnIbUWjOvPihnbDt7jcOK4-YgWy-kJPpkAPXJE',
        auth: 'Ojup4oRaAYebgyJRB6Ns1A',
      },
    },
  },
};

function knownFor(name: string, known: KnownValues): KnownValues {
  return { ...known, ...ONE_OF[name], ...ENCODED[name], ...CAPTCHA_TOKENS[name], ...RENEWAL[name] };
}

describe.each(DATABASE_KINDS)('hostile requests on %s', (kind) => {
  let t: TestApp;
  let w: World;
  let writes: () => Promise<WriteCounts>;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await world(t);
    writes = await countTableWrites(t.deps.db);
  });
  afterAll(async () => {
    await t.close();
    if (process.env.FUZZ_RUNS !== undefined) {
      const sent = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(`${kind}: ${sent} hostile requests (${byStatus.join(', ')})`);
    }
  });

  /** The customer's session, anew when a call (logout) ended it. */
  async function liveSession(): Promise<string> {
    const { db, config } = t.deps;
    if (!(await touchSession(db, config, t.clock, w.customer.token))) {
      w.customer.token = (await createSession(db, config, t.clock, w.customer.id)).token;
    }
    return w.customer.token;
  }

  async function send(name: string, entry: Endpoint, request: HostileRequest): Promise<void> {
    const headers = requestHeaders(entry, request, {
      session: await liveSession(),
      // the captcha calls take a guest session's bearer, the other OAuth calls a registration's
      registration: name === 'oauth.scoreCaptcha' || name === 'oauth.checkCaptcha' ? w.guest : w.registration,
      reusedKey: w.reusedKey,
    });
    const before = await writes();
    const res = await t.app.request(request.path, { method: entry.method, headers, body: request.body });
    const text = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const said = `${res.status} ${text.slice(0, 500)}`;

    expect(res.status, said).toBeLessThan(500);
    expect(res.headers.get('x-request-id'), said).toBeTruthy();
    if (res.status >= 400 && res.status < 500) {
      const [broken, envelope] = validate(JSON.parse(text), ErrorEnvelope);
      expect(broken, said).toBeUndefined();
      for (const error of envelope?.errors ?? []) {
        const type = error.type.slice('urn:sarraf:error:'.length) as keyof typeof ERROR_CATALOGUE;
        expect(ERROR_CATALOGUE[type], said).toBe(res.status);
      }
      const allowed = REFUSALS_THAT_WRITE[name] ?? [];
      const written = writtenTables(before, await writes()).filter((table) => !allowed.includes(table));
      expect(written, `a refusal wrote: ${said}`).toEqual([]);
      return;
    }
    const success = entry.status ?? 200;
    expect(success === 201 ? [200, 201] : [success], said).toContain(res.status);
    if (entry.response === null) {
      expect(text).toBe('');
      return;
    }
    const json = JSON.parse(text);
    const [failure] = validate(entry.envelope === 'body' ? json : json.data, entry.response);
    expect(failure, said).toBeUndefined();
  }

  it('the values the generator starts from pass every contract', () => {
    for (const [name, entry] of ENDPOINT_ENTRIES) {
      for (const struct of [entry.params, entry.query, entry.body]) {
        if (!struct) continue;
        const [failure] = validate(plausible('', struct, knownFor(name, w.known)), struct, { coerce: true });
        expect(failure?.message, name).toBeUndefined();
      }
    }
  });

  it.each(ENDPOINT_ENTRIES)(
    '%s answers hostile input with a 4xx in the envelope and writes nothing',
    async (name, entry) => {
      await fc.assert(
        fc.asyncProperty(hostileRequests(entry, knownFor(name, w.known)), (request) => send(name, entry, request)),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    30_000 + RUNS * 1_000,
  );

  it('the write counter sees a write', async () => {
    const before = await writes();
    await createSession(t.deps.db, t.deps.config, t.clock, w.customer.id);
    expect(writtenTables(before, await writes())).toEqual(['sessions']);
  });
});
