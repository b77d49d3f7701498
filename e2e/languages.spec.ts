import type { Locator, Page } from '@playwright/test';
import { chooseDestination } from './page-models/destination-picker.ts';
import {
  CARDS,
  type NewRecipient,
  NewRecipientPage,
  PaymentResultPage,
  PayPage,
  QuotePage,
  RecipientDetailsPage,
  RecipientPage,
  SelfInfoPage,
} from './page-models/send-money-pages.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  type CatalogLocale,
  catalogMessages,
  englishMessages,
  englishOnScreen,
  translator,
} from './support/catalogs.ts';
import { kenyanRecipient } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

/**
 * Send money from quote to the transfers list in `locale`, finding every
 * control by its translated name, and list each English message met on the
 * way (screen by screen, with the text it showed in).
 */
async function sendMoneyIn(page: Page, locale: CatalogLocale, recipient: NewRecipient): Promise<string[]> {
  const t = await translator(locale);
  const english = await englishMessages(locale);
  const found: string[] = [];
  /** Waits for the screen (its loaders gone, or `ready` shown where a status stays) and reads it. */
  const look = async (screen: string, ready?: Locator) => {
    if (ready) await expect(ready, `${screen} has loaded`).toBeVisible();
    else await expect(page.getByRole('status').filter({ hasText: /\S/ }), `${screen} has loaded`).toHaveCount(0);
    found.push(...(await englishOnScreen(page, english)).map((hit) => `${locale} ${screen}: ${hit}`));
  };
  const heading = (name: string) => page.getByRole('heading', { level: 1, name: t(name) });
  const button = (name: string) => page.getByRole('button', { name: t(name), exact: true });

  await page.evaluate((value) => localStorage.setItem('locale', value), locale);
  await page.goto('/send-money/quote');
  await expect(heading('How much to send')).toBeVisible();
  await look('quote (empty)');
  // Kenya, whatever its name in the language: the picker finds a country by its ISO code too
  await chooseDestination(page.getByLabel(t('Send to')), 'KE');
  await page.getByRole('radio', { name: t('Mobile money') }).check();
  await page.getByLabel(t('You send')).fill('100');
  await expect(page.getByRole('region', { name: t('Your quote') }).getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await look('quote');
  await button('Continue').click();

  await expect(heading('Your details')).toBeVisible();
  // the country of residence in the interface language: Chromium has no Somali names, CLDR's stand in
  const residence = { so: 'Boqortooyada Midowday', sv: 'Storbritannien' }[locale as 'so' | 'sv'];
  if (residence) await expect(page.getByRole('main')).toContainText(residence);
  await look('self-info');
  await button('Continue').click();

  await expect(heading('Who are you sending to?')).toBeVisible();
  await look('recipient');
  await page.getByRole('link', { name: t('Add a new recipient') }).click();

  await expect(heading('New recipient')).toBeVisible();
  await page.getByLabel(t('First name')).fill(recipient.firstName);
  await page.getByLabel(t('Last name')).fill(recipient.lastName);
  await page.getByLabel(t('Mobile number'), { exact: true }).fill(recipient.mobile);
  const again = t('{payoutMobileLabel}, typed again to confirm').replace('{payoutMobileLabel}', t('Mobile number'));
  await page.getByLabel(again).fill(recipient.mobile);
  await page.getByLabel(t('Mobile network')).selectOption({ label: recipient.network });
  await page.getByLabel(t('Relationship to you')).selectOption({ label: t(recipient.relationship) });
  await page.getByLabel(t('Purpose of transaction')).selectOption({ label: t(recipient.purpose) });
  await look('new recipient');
  await button('Save and continue').click();

  await expect(heading('Check your recipient')).toBeVisible();
  await look('recipient details');
  await button('Continue to payment').click();

  await expect(heading('Confirm and pay')).toBeVisible();
  const nameOnCard = page.getByLabel(t('Name on card'));
  await look('pay', nameOnCard);
  await nameOnCard.fill(CARDS.approves.name);
  await page.getByLabel(t('Card number')).fill(CARDS.approves.number);
  await page.getByLabel(t('Expiry date')).fill(CARDS.approves.expiry);
  await page.getByLabel(t('Security code')).fill(CARDS.approves.cvc);
  await button('Pay now').click();

  await expect(heading('Your money is on its way')).toBeVisible();
  await look('payment result');
  await page.getByRole('link', { name: t('Track your transfer') }).click();
  // the new transfer's own page; its list is one link away
  await page.getByRole('link', { name: t('All transfers') }).click();

  await expect(heading('Transfers')).toBeVisible();
  await expect(page.getByRole('article', { name: `${recipient.firstName} ${recipient.lastName}` })).toBeVisible();
  await look('transfers');
  return found;
}

test('sends money in Somali and in Swedish without one English message on screen', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signInNewCustomer(page, context.request, { firstName: 'Amina', country: 'GB' });
  const english = [
    ...(await sendMoneyIn(page, 'so', kenyanRecipient('Warsame'))),
    ...(await sendMoneyIn(page, 'sv', kenyanRecipient('Jama'))),
  ];
  expect(english, 'English messages on a Somali or Swedish screen').toEqual([]);
});

/** The six states whose regulators ask for a notice of their own (SPEC §1); every other state shares one. */
const US_STATE_NOTICES = [
  ['IA', 'Iowa'],
  ['MN', 'Minnesota'],
  ['NE', 'Nebraska'],
  ['ND', 'North Dakota'],
  ['SD', 'South Dakota'],
  ['WI', 'Wisconsin'],
] as const;

/** Presses Tab, as a keyboard user moves through the page, until `focused` holds. */
async function tabUntil(page: Page, focused: () => Promise<boolean>, what: string): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what} never took the focus from the Tab key`);
}

async function tabTo(target: Locator): Promise<void> {
  await target.waitFor();
  await tabUntil(target.page(), () => target.evaluate((element) => element === document.activeElement), `${target}`);
}

/** Tabs to a field and types into it. */
async function typeInto(target: Locator, text: string): Promise<void> {
  await tabTo(target);
  await target.page().keyboard.type(text);
}

/** Tabs into `choice`'s radio group and moves with the arrow keys until `choice` is checked. */
async function arrowTo(choice: Locator): Promise<void> {
  const page = choice.page();
  const group = await choice.getAttribute('name');
  const inGroup = () =>
    page.evaluate((name) => {
      const focused = document.activeElement;
      return focused instanceof HTMLInputElement && focused.type === 'radio' && focused.name === name;
    }, group);
  await tabUntil(page, inGroup, `the radio group ${group}`);
  for (let presses = 0; presses < 8 && !(await choice.isChecked()); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(choice).toBeChecked();
}

test('sends money with the keyboard alone', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signInNewCustomer(page, context.request, { firstName: 'Amina', country: 'GB' });
  await page.goto('/send-money/quote');
  const quote = new QuotePage(page);
  // the destination picker filters as letters are typed; the arrow and Enter choose
  await typeInto(quote.destination, 'Ken');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(quote.destination).toHaveValue('Kenya');
  await arrowTo(quote.payoutType('Mobile money'));
  await typeInto(quote.youSend, '100');
  await expect(quote.timer).toHaveText(/^\d\d:\d\d$/);
  await tabTo(quote.continue);
  await page.keyboard.press('Enter');

  const you = new SelfInfoPage(page);
  await expect(you.heading).toBeVisible();
  await tabTo(you.continue);
  await page.keyboard.press('Enter');

  const them = new RecipientPage(page);
  await expect(them.heading).toBeVisible();
  await tabTo(them.addNew);
  await page.keyboard.press('Enter');

  const form = new NewRecipientPage(page);
  await expect(form.heading).toBeVisible();
  const recipient = kenyanRecipient('Keyboard');
  await typeInto(page.getByLabel('First name'), recipient.firstName);
  await typeInto(page.getByLabel('Last name'), recipient.lastName);
  await typeInto(page.getByLabel('Mobile number', { exact: true }), recipient.mobile);
  await typeInto(page.getByLabel('Mobile number, typed again to confirm'), recipient.mobile);
  await typeInto(page.getByLabel('Mobile network'), 'Safaricom');
  await typeInto(page.getByLabel('Relationship to you'), recipient.relationship);
  await typeInto(page.getByLabel('Purpose of transaction'), recipient.purpose);
  await tabTo(form.save);
  await page.keyboard.press('Space');

  const review = new RecipientDetailsPage(page);
  await expect(review.heading).toBeVisible();
  await tabTo(review.continue);
  await page.keyboard.press('Enter');

  const pay = new PayPage(page);
  await expect(pay.heading).toBeVisible();
  const card = CARDS.approves;
  await typeInto(page.getByLabel('Name on card'), card.name);
  await typeInto(page.getByLabel('Card number'), card.number);
  await typeInto(page.getByLabel('Expiry date'), card.expiry);
  await typeInto(page.getByLabel('Security code'), card.cvc);
  await tabTo(pay.payNow);
  await page.keyboard.press('Enter');
  await expect(new PaymentResultPage(page).heading).toBeVisible();
});

const LOCALES: CatalogLocale[] = ['en-GB', 'en-CA', 'en-US', 'so', 'sv'];
/** Every route a visitor can open as it is (the rest need a registration or a payment under way). */
const SIGNED_OUT_ROUTES = [
  '/sign-in',
  '/sign-in-country',
  '/country-of-residence',
  '/recovery-password',
  '/account-blocked',
  '/support',
  '/legal/gb/privacy-policy',
  '/legal/us/terms-and-conditions',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = [
  '/home',
  '/transfers',
  '/recipients',
  '/wallets',
  '/top-up',
  '/profile',
  '/your-promo-codes',
  '/successfully-verified',
  '/verifying-in-progress',
  '/send-money/quote',
];

const VERIFICATION_SCREENS = ['/successfully-verified', '/verifying-in-progress'];
const VERIFICATION_SCREEN = /\/(successfully-verified|verifying-in-progress)$/;

/** Each route opened once, then axe in each language, switched in place (a reload where the screen has no selector). */
async function axeSweep(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    // the automatic checks after onboarding end in "verified" while the sweep runs: each of the two status
    // screens sends on to the other as the customer's status is, so either may be the one shown
    const opened = VERIFICATION_SCREENS.includes(path) ? VERIFICATION_SCREEN : new RegExp(`${path}$`);
    await expect(page, 'the route opened itself, not a redirect').toHaveURL(opened);
    for (const locale of LOCALES) {
      const selector = page.locator('select:has(option[lang="so"])').first();
      if (await selector.count()) await selector.selectOption(locale, { force: true });
      else {
        await page.evaluate((value) => localStorage.setItem('locale', value), locale);
        await page.reload();
      }
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // opened fresh, each route's chunks run in a new order: a module that reads another chunk's export as it
      // loads, before that chunk ran, shows the error screen instead of the route's own
      await expect(page.locator('#error-screen-title'), `${path} shows its own screen`).toHaveCount(0);
      // every loader's message ends in an ellipsis; other statuses stay
      await expect(page.getByRole('status').filter({ hasText: /…$/ }), `${path} has loaded`).toHaveCount(0);
      await expectNoAxeViolations(page, `${path} in ${locale}`);
    }
  }
}

test('axe finds nothing on any signed-out route in any language', async ({ page }) => {
  // 9 routes × 5 languages
  test.setTimeout(180_000);
  await axeSweep(page, SIGNED_OUT_ROUTES);
});

test('axe finds nothing on any signed-in route in any language; each US state has its footer', async ({
  page,
  context,
}) => {
  // 10 routes × 5 languages
  test.setTimeout(180_000);
  await page.goto('/sign-in');
  await signInNewCustomer(page, context.request, { firstName: 'Amina', country: 'US', usaState: 'TX' });
  await axeSweep(page, SIGNED_IN_ROUTES);

  // The customer moves from state to state; the footer, in the language chosen last, follows.
  const notices = await catalogMessages(LOCALES.at(-1) ?? 'sv');
  const notice = (start: string) => {
    const found = [...notices].find(([message]) => message.startsWith(start));
    if (!found) throw new Error(`no message starts with "${start}"`);
    return found[1].replace('{brand}', 'Sarraf');
  };
  const shared = notice('In the United States, {brand} US, Inc. is licensed');
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const footer = page.getByRole('contentinfo');
  for (const [code, name] of [...US_STATE_NOTICES, ['TX', null], ['CA', null]] as const) {
    const moved = await context.request.post('/api/main/remit/remitter/update', {
      data: { usa_state: code },
      headers: { 'x-auth-token': token ?? '' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    // home has the footer (the send-money steps, where the sweep ends, do not)
    await page.goto('/home');
    await expect(footer, `the footer in ${code}`).toContainText(name ? notice(`${name} residents:`) : shared);
    if (name) await expect(footer).not.toContainText(shared);
  }
});
