import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const HOUR = 60 * 60_000;
const newEmail = () => `launch-${crypto.randomUUID()}@example.test`;

describe.each(DATABASE_KINDS)('asking to hear when Sarraf launches in a country, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const ask = (body: unknown, from = newCallerAddress()) =>
    t.call('POST', '/api/main/user/launch-interest', { body, from });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace('urn:sarraf:error:', '');
  const requestsFor = (email: string) =>
    t.deps.db
      .selectFrom('launch_interest')
      .select(['email', 'country', 'full_name', 'locale'])
      .where('email_key', '=', email.toLowerCase())
      .orderBy('country')
      .execute();
  const messagesTo = async (email: string) => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    const res = await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
    return res.body.data as Array<{ subject: string; body: string }>;
  };

  it('keeps the request without a session and e-mails a confirmation naming the country', async () => {
    const email = newEmail();
    const res = await ask({ country: 'so', full_name: ' Faadumo Cali ', email: ` ${email} `, locale: 'so' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { country: 'SO', email } });
    expect(await requestsFor(email)).toEqual([{ email, country: 'SO', full_name: 'Faadumo Cali', locale: 'so' }]);
    const [confirmation, ...more] = await messagesTo(email);
    expect(more).toEqual([]);
    // in the language the request was made in, the country named in it too
    expect(confirmation?.subject).toBe('Waan ku soo ogeysiin doonnaa marka Sarraf ka furmo Soomaaliya');
    expect(confirmation?.body).toContain('Salaan Faadumo Cali,');
  });

  it('takes a request without a name, and updates rather than repeats one for the same e-mail and country', async () => {
    const email = newEmail();
    expect((await ask({ country: 'KE', email })).status).toBe(202);
    expect((await ask({ country: 'KE', email: email.toUpperCase(), full_name: 'Amina Njeri' })).status).toBe(202);
    expect((await ask({ country: 'ET', email })).status).toBe(202);
    expect(await requestsFor(email)).toEqual([
      { email, country: 'ET', full_name: null, locale: 'en-GB' },
      { email: email.toUpperCase(), country: 'KE', full_name: 'Amina Njeri', locale: 'en-GB' },
    ]);
  });

  it('refuses a country Sarraf serves, naming the field, and writes nothing', async () => {
    const email = newEmail();
    const res = await ask({ country: 'SE', email });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:InvalidCountry',
        message: 'Sarraf already serves this country: register instead',
        property_path: 'country',
      },
    ]);
    expect(await requestsFor(email)).toEqual([]);
    expect(await messagesTo(email)).toEqual([]);
  });

  it.each([
    ['an unknown country code', { country: 'QQ' }, 'country', 'ValidationFailed'],
    ['a country name instead of a code', { country: 'Somalia' }, 'country', 'ValidationFailed'],
    ['a name with digits', { full_name: 'Faadumo 2' }, 'full_name', 'ValidationFailed'],
    // SPEC §8's own types for a blank value and a missing e-mail
    ['a blank name', { full_name: '   ' }, 'full_name', 'ValueNotBeBlank'],
    ['a name of 101 letters', { full_name: 'a'.repeat(101) }, 'full_name', 'ValidationFailed'],
    ['no e-mail', { email: undefined }, 'email', 'EmailNotDefined'],
    ['a malformed e-mail', { email: 'faadumo@' }, 'email', 'ValidationFailed'],
    ['an unknown language', { locale: 'de' }, 'locale', 'ValidationFailed'],
  ])('refuses %s with a 400 on that field', async (_, change, field, type) => {
    const email = newEmail();
    const res = await ask({ country: 'SO', email, ...change });
    expect(res.status).toBe(400);
    expect(typeOf(res)).toBe(type);
    expect(res.body.errors.map((error: { property_path: string }) => error.property_path)).toContain(field);
    expect(await requestsFor(email)).toEqual([]);
  });

  it('confirms at most 3 times a day to one e-mail, whoever asks', async () => {
    const email = newEmail();
    const countries = ['SO', 'KE', 'ET'];
    for (const country of countries) expect((await ask({ country, email })).status).toBe(202);
    const refused = await ask({ country: 'UG', email });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:EmailSendDDOS',
      property_path: 'email',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await messagesTo(email)).length).toBe(ABUSE_LIMITS.launchInterestPerEmail.max);
    expect((await requestsFor(email)).map((row) => row.country)).toEqual(['ET', 'KE', 'SO']);
  });

  it('takes at most 10 an hour from one address, then again after the hour', async () => {
    const from = newCallerAddress();
    for (let i = 0; i < ABUSE_LIMITS.launchInterestPerAddress.max; i++)
      expect((await ask({ country: 'SO', email: newEmail() }, from)).status).toBe(202);
    const refused = await ask({ country: 'SO', email: newEmail() }, from);
    expect(refused.status).toBe(429);
    expect(typeOf(refused)).toBe('EmailDDOS');
    expect((await ask({ country: 'SO', email: newEmail() })).status).toBe(202);
    t.clock.advance(HOUR);
    expect((await ask({ country: 'SO', email: newEmail() }, from)).status).toBe(202);
  });
});
