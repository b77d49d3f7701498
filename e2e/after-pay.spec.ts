import { CARDS, PaymentResultPage, PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

test('after paying: a rejected transfer shows where its refund went, a problem is reported and its review shown, and it is sent again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await resizeTo(page, PHONE);
  await customerAtHome(page, request);
  // the sandbox payout partner rejects a recipient named Reject a step after it has the order (scripts/e2e.ts: 5 s)
  const recipient = kenyanRecipient('Reject');
  const name = `${recipient.firstName} ${recipient.lastName}`;
  await startTransfer(page, recipient);
  await new PayPage(page).payWith(CARDS.approves);
  const result = new PaymentResultPage(page);
  await expect(result.heading).toBeVisible();
  await result.track.click();

  await expect(page.getByRole('heading', { level: 1, name: `Transfer to ${name}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Where your money is' });
  const last = timeline.getByRole('listitem').last();
  await expect(last).toContainText('Rejected by the payout partner', { timeout: 30_000 });
  await expect(last).toContainText('went back to your Sarraf wallet');
  await expect(last.getByRole('link', { name: 'See your wallet' })).toBeVisible();
  await expectNoAxeViolations(page, 'rejected transfer (360 px)');

  const report = page.getByRole('region', { name: 'Report a problem' });
  await report.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'What went wrong?' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Say what went wrong.')).toBeVisible();
  await dialog.getByLabel('Problem').selectOption({ label: 'The money arrived late' });
  await dialog.getByLabel('Tell us more').fill('The refund took longer than I expected.');
  await expectNoAxeViolations(page, 'report a problem (360 px)');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toContainText('The money arrived late. Reported');
  await expect(timeline).toContainText('Problem reported by you');

  // the sandbox disputes desk reviews it, then resolves it
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const ref = page.url().split('/').at(-1) ?? '';
  const read = await request.get(`/api/main/remit/transaction/${ref}/dispute`, {
    headers: { 'x-auth-token': token ?? '' },
  });
  const disputeId = (await read.json()).data.dispute.id as string;
  for (const body of [{ state: 'UNDER_REVIEW' }, { state: 'RESOLVED', outcome: 'no_error' }]) {
    expect((await request.post(`/sandbox/disputes/${disputeId}/review`, { data: body })).status()).toBe(200);
  }
  await page.reload();
  await expect(report.getByRole('status')).toContainText('Resolved. We found no error.');
  await expect(timeline).toContainText('Problem under review');
  await expect(timeline).toContainText('Problem resolved');
  await resizeTo(page, DESKTOP);
  await expectNoAxeViolations(page, 'transfer with a resolved problem (desktop)');

  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page).toHaveURL(/\/send-money\/quote$/);
  await expect(page.getByLabel('You send')).toHaveValue(/^100(\.00)?$/);
  await expectNoAxeViolations(page, 'send again: quote (desktop)');
});
