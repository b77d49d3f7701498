import type { APIRequestContext, Page } from '@playwright/test';
import { CARDS, type NewRecipient, PaymentResultPage, PayPage, QuotePage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

const PHONE = { width: 360, height: 780 };

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A new customer on a phone at the pay step of a transfer to `recipient`, the page's clock installed (to run the rate out). */
async function payStepOnPhone(page: Page, request: APIRequestContext, recipient: NewRecipient): Promise<void> {
  await resizeTo(page, PHONE);
  await page.clock.install();
  await customerAtHome(page, request);
  await startTransfer(page, recipient);
}

/** The words of the price boxes' labels that the page breaks across two lines (none should be). */
async function labelWordsBroken(page: Page): Promise<string[]> {
  return page.locator('main dl dt').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(word[0]);
        }
      }
      return broken;
    }),
  );
}

test('the quote shows the whole price for every corridor: mid-market rate, margin, total cost, arrival date', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await customerAtHome(page, request);
  const quote = new QuotePage(page);
  await quote.open();

  // the example: £1,500 to a Kenyan bank costs the £4.50 fee and £15.00 in the rate
  await quote.quoteSending('Kenya', 'Bank deposit', '1500');
  await expect(quote.quote).toContainText('1 GBP = 160.25625 KES');
  await expect(quote.quote).toContainText('Mid-market rate1 GBP = 161.875 KES');
  await expect(quote.quote).toContainText('Our fee£4.50');
  await expect(quote.quote).toContainText('In our rate£15.00');
  await expect(quote.quote).toContainText('Total cost£19.50');
  await expect(quote.quote).toContainText(/Arrives by \w{3} \d{1,2} \w{3}/);
  await page.getByText('Supported banks (10)').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Equity Bank Kenya' })).toBeVisible();
  await expectNoAxeViolations(page, 'quote (Kenya bank, honest price)');

  // a corridor new to the price list: Pakistan, to a JazzCash or Easypaisa wallet
  await quote.quoteSending('Pakistan', 'Wallet transfer', '250');
  // the rupee has two decimals (ISO 4217), whatever the browser's locale data says
  await expect(quote.theyReceive).toHaveValue('86,450.00');
  await expect(quote.quote).toContainText('Mid-market rate1 GBP = 350 PKR');
  await expect(quote.quote).toContainText(/Arrives by \w{3} \d{1,2} \w{3}, \d\d:\d\d/);
  await page.getByText('Supported networks (2)').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'JazzCash' })).toBeVisible();
  await expectNoAxeViolations(page, 'quote (Pakistan wallet)');

  // Somaliland's cities join the picker for a prefix of SOMALILAND, paid out as Somalia: cash pickup lists the
  // collection points
  await quote.quoteSending('Hargeisa (HGA), Somaliland', 'Cash collection', '100', 'somali');
  await expect(quote.destination).toHaveValue('Hargeisa (HGA), Somaliland');
  await expect(quote.quote).toContainText(/Ready to collect by/);
  await page.getByText(/^Collection points \(\d+\)$/).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Borama Central Agent, Borama' })).toBeVisible();

  await resizeTo(page, PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'quote (phone width)');
});

test('on the pay step the rate counts down, and an expired rate re-prices the same transfer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const recipient = kenyanRecipient('Repriced');
  await payStepOnPhone(page, request, recipient);
  const url = page.url();

  const pay = new PayPage(page);
  await expect(pay.summary.getByRole('timer')).toHaveText(/^(10:00|09:\d\d)$/);
  await expect(pay.summary).toContainText('£101.99');

  // the customer has scrolled down to pay when the rate runs out: nothing under their thumb moves, and the way to a
  // new rate is on screen at once, wherever they are on the page
  await pay.payNow.scrollIntoViewIfNeeded();
  const before = await pay.payNow.boundingBox();

  // only the browser's clock jumps past the rate; the server's quote is refused or replaced for real
  await page.clock.fastForward('10:01');
  const expired = page.getByRole('alert').filter({ hasText: 'Rate expired' });
  await expect(expired).toBeVisible();
  await expect(expired).toBeInViewport();
  expect(await pay.payNow.boundingBox()).toEqual(before);
  // a first visit's cookie notice, not yet answered, sticks to the foot too: the offer stands on it, not under it
  const cookieNotice = page.getByRole('region', { name: 'Cookies' });
  await expect(cookieNotice).toBeVisible();
  const [noticeBox, offerBox] = [await cookieNotice.boundingBox(), await expired.boundingBox()];
  if (!noticeBox || !offerBox) throw new Error('the cookie notice or the offer has no box');
  expect(offerBox.y + offerBox.height).toBeLessThanOrEqual(noticeBox.y);
  await expect(pay.summary.getByRole('timer')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'pay (rate expired, phone)');

  // back to the real time, so the new quote's countdown runs from now
  await page.clock.setSystemTime(new Date());
  await page.getByRole('button', { name: 'Get a new rate' }).click();
  const offer = page.getByRole('region', { name: 'Your new price' });
  await expect(offer).toContainText('Total to pay£101.99');
  await expectNoAxeViolations(page, 'pay (new price)');
  await offer.getByRole('button', { name: 'Use the new rate' }).click();

  await expect(offer).toHaveCount(0);
  await expect(pay.summary.getByRole('timer')).toHaveText(/^(10:00|09:\d\d)$/);
  await expect(pay.summary).toContainText(`${recipient.firstName} ${recipient.lastName}`);
  expect(page.url()).toBe(url);

  await resizeTo(page, { width: 1280, height: 900 });
  await expectNoAxeViolations(page, 'pay (re-priced, desktop)');
  await pay.payWith(CARDS.approves);
  await expect(new PaymentResultPage(page).heading).toBeVisible();
});

test('on a phone in Somali and Swedish, no label of the price boxes breaks inside a word', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await payStepOnPhone(page, request, kenyanRecipient('Labels'));
  for (const locale of ['so', 'sv']) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('timer')).toBeVisible();
    expect(await labelWordsBroken(page), `${locale}: the transfer's summary`).toEqual([]);

    // the new price, whose rate line beside "Khidmaddayada" (Our fee) broke it at 360 px
    await page.clock.fastForward('10:01');
    await page.getByRole('alert').last().getByRole('button').click();
    await expect(page.getByRole('region').filter({ has: page.locator('#new-price-title') })).toBeVisible();
    expect(await labelWordsBroken(page), `${locale}: the new price`).toEqual([]);
    await page.clock.setSystemTime(new Date());
  }
});

test('promo codes: listed with how they work, refused when invalid, and applied visibly on the quote', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await customerAtHome(page, request);
  await page.goto('/your-promo-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'HALFFEE' })).toContainText('50% off the fee of one transfer');
  await expect(page.getByRole('article', { name: 'FIRSTFREE' })).toContainText('No fee on your first transfer');
  await expect(page.getByRole('region', { name: 'How it works' })).toBeVisible();
  await expectNoAxeViolations(page, 'promo codes');
  await resizeTo(page, PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'promo codes (phone)');

  const quote = new QuotePage(page);
  await quote.open();
  await quote.quoteSending('Kenya', 'Mobile money', '100');
  await expect(quote.quote).toContainText('Our fee£1.99');
  const promo = page.getByLabel('Promo code (optional)');
  await promo.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(promo).toHaveAccessibleDescription('Invalid promotion code');
  await expect(quote.quote).toContainText('Our fee£1.99');
  await expectNoAxeViolations(page, 'quote (promo refused)');

  await promo.fill('halffee');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code HALFFEE applied')).toBeVisible();
  await expect(quote.quote).toContainText('Promo code HALFFEE−£0.99');
  await expect(quote.quote).toContainText('Our fee£1.00');
  await expect(quote.quote).toContainText('Total to pay£101.00');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'quote (promo applied, phone)');
});
