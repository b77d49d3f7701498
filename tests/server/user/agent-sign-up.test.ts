import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, finishRegistration, latestCode, registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';
/** The agent migration 0037 seeds. */
const AGENT = { id: 'agt_launch_hodan', code: 'HODAN-01', name: 'Hodan Money Services' };

describe.each(DATABASE_KINDS)('agent sign-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const agentOf = async (customerId: string) =>
    (await t.deps.db.selectFrom('customers').select('agent_id').where('id', '=', customerId).executeTakeFirstOrThrow())
      .agent_id;

  it('names the agent of a sign-up link, in any letter case, and no unknown one', async () => {
    const found = await t.call('GET', `/api/main/user/agents/${AGENT.code.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: { code: AGENT.code, name: AGENT.name } });
    for (const code of ['NOBODY-99', 'x', '%20']) {
      const missing = await t.call('GET', `/api/main/user/agents/${code}`);
      expect(missing.status, code).toBe(404);
    }
    await t.deps.db.updateTable('agents').set({ active: false }).where('id', '=', AGENT.id).execute();
    expect((await t.call('GET', `/api/main/user/agents/${AGENT.code}`)).status).toBe(404);
    await t.deps.db.updateTable('agents').set({ active: true }).where('id', '=', AGENT.id).execute();
  });

  it('keeps the agent on a customer registered by e-mail or by phone through their link', async () => {
    const byEmail = await registerCustomer(t, { agent_code: AGENT.code });
    expect(await agentOf(byEmail.user.id)).toBe(AGENT.id);
    const plain = await registerCustomer(t);
    expect(await agentOf(plain.user.id)).toBeNull();

    const mobile = `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const sent = await t.call('POST', '/api/oauth/otp/send', {
      body: {
        mobile,
        password: 'secret12',
        country: 'SE',
        accept_terms: true,
        accept_privacy: true,
        agent_code: 'hodan-01',
      },
    });
    expect(sent.status).toBe(201);
    const checked = await t.call('POST', '/api/oauth/otp/check', {
      body: { code: await latestCode(t, mobile) },
      headers: bearer(sent.body.data.registration_token),
    });
    expect(checked.status).toBe(200);
    const { user } = await finishRegistration(t, sent.body.data.registration_token);
    expect(await agentOf(user.id)).toBe(AGENT.id);
  });

  it('keeps the agent on a customer registered by bank ID, who comes back to /nets-agent', async () => {
    const started = await t.call('POST', '/api/oauth/bankid/init', {
      body: {
        purpose: 'registration',
        country: 'NO',
        personal_number: `0101${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
        accept_terms: true,
        accept_privacy: true,
        agent_code: AGENT.code,
      },
    });
    expect(started.status).toBe(201);
    const done = await t.app.request(`${started.body.data.redirect_url}confirm`, { method: 'POST' });
    expect(new URL(done.headers.get('location') ?? '', 'https://app.test').pathname).toBe('/nets-agent');
    const checked = await t.call('POST', '/api/oauth/bankid/check', {
      headers: bearer(started.body.data.bank_id_token),
    });
    expect(checked.status).toBe(200);
    expect(await agentOf(checked.body.data.user.id)).toBe(AGENT.id);
  });

  it('refuses an unknown or malformed agent code with a 400 on agent_code, and starts nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('registrations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const agent_code of ['NOBODY-99', 'no spaces!']) {
      const res = await t.call('POST', '/api/oauth/email/send', {
        body: {
          email: `agent-${crypto.randomUUID()}@example.test`,
          password: 'secret12',
          country: 'GB',
          accept_terms: true,
          accept_privacy: true,
          agent_code,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'agent_code' });
    }
    expect(await count()).toBe(before);
  });
});
