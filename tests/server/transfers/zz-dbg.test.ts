import { it } from 'vitest';
import { createTestApp } from '/work/main/tests/support/test-app.ts';
import { sender, API } from '/work/main/tests/server/transfers/transfer-fixtures.ts';
it('dbg', async () => {
  const t = await createTestApp('pglite');
  const s = await sender(t);
  const r = await t.call('POST', `${API}/user/get`, { token: s.token, body: {} });
  console.log(r.status, JSON.stringify(r.body));
  await t.close();
});
