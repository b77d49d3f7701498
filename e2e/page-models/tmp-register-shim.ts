// TEMPORARY (to be replaced by the auth helper's registerNewUser): registers over the API.
import type { APIRequestContext, Page } from '@playwright/test';

export async function registerNewUser(page: Page, request: APIRequestContext): Promise<{ email: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const sent = await (
    await request.post('/api/oauth/email/send', {
      data: { email, password: 'secret123', country: 'GB', accept_terms: true, accept_privacy: true },
    })
  ).json();
  const token = sent.data.registration_token;
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const messages = await (await request.get(`/sandbox/messages?to=${encodeURIComponent(email)}`)).json();
    code = messages.data[0] ? /\b(\d{6})\b/.exec(messages.data[0].body)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const signed = await (
    await request.post('/api/oauth/email/check', { data: { code }, headers: { authorization: `Bearer ${token}` } })
  ).json();
  await page.goto('/sign-in');
  await page.evaluate((t) => localStorage.setItem('access-token', t), signed.data.token);
  return { email };
}
