import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** Money arrives in the signed-in customer's wallet by an approved card top-up through the API, as a top-up would bring it. */
export async function topUpByApi(page: Page, amount: string, currency = 'GBP'): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const card = await page.request.post('/sandbox/gateway/tokens', {
    data: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123', name: 'Amina Warsame' },
  });
  const { data } = await card.json();
  const res = await page.request.post('/api/main/remit/wallet/top-up', {
    headers: { 'x-auth-token': token ?? '', 'Idempotency-Key': crypto.randomUUID() },
    data: { currency, amount, card_token: data.token },
  });
  expect((await res.json()).data).toMatchObject({ status: 'APPROVED' });
}
