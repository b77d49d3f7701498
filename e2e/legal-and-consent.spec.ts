import type { APIRequestContext, Page } from '@playwright/test';
import { signInNewCustomer } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

interface PageView {
  page: string;
  locale: string;
}

async function pageViews(request: APIRequestContext): Promise<PageView[]> {
  return (await (await request.get('/sandbox/analytics/events')).json()).data;
}

async function detectedAs(page: Page, country: string): Promise<void> {
  await page.context().addCookies([{ name: 'detected-country', value: country, url: page.url() }]);
  await page.reload();
}

test('footers follow the region and US state; analytics only after cookie consent, remembered; the support chat', async ({
  page,
  context,
}) => {
  const footer = page.getByRole('contentinfo');
  const notice = page.getByRole('region', { name: 'Cookies' });
  const before = (await pageViews(context.request)).length;

  // Before sign-in the detected country decides (en-GB browser: the UK).
  await page.goto('/sign-in');
  await expect(footer).toContainText('Financial Conduct Authority');
  await expect(footer).not.toContainText('In the EU and EEA');
  await expect(notice).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/legal\/gb\/privacy-policy$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Privacy policy' });
  await expect(heading, 'focus moves to the new page’s heading').toBeFocused();
  await expect(page).toHaveTitle('Privacy policy | Sarraf');
  await expect(page.getByText('This is sample text for the sandbox')).toBeVisible();
  await expectNoAxeViolations(page, 'privacy policy with the cookie notice');
  expect(await pageViews(context.request), 'nothing reaches analytics before consent').toHaveLength(before);

  await notice.getByRole('button', { name: 'Accept analytics' }).click();
  await expect(notice).toBeHidden();
  await expect
    .poll(async () => (await pageViews(context.request)).slice(before))
    .toEqual([expect.objectContaining({ page: '/legal/$country/$document', locale: 'en-GB' })]);
  await footer.getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeFocused();
  await expect.poll(async () => (await pageViews(context.request)).at(-1)?.page).toBe('/support');
  // The support chat: its code loads only when it is opened (scripts this page had not fetched), and it closes back to
  // where it was opened.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(notice, 'the answer is remembered').toBeHidden();
  const launcher = page.getByRole('main').getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeOpening = new Set(scripts);
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Chat with us' });
  await expect(chat).toBeVisible();
  const opening = scripts.filter((url) => !beforeOpening.has(url));
  expect(opening.length, `the chat's code, fetched as it opened: ${opening.join(', ')}`).toBeGreaterThan(0);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByLabel('Your message')).toHaveAccessibleDescription('Write your message first');
  await chat.getByLabel('Your message').fill('When does a transfer to Hargeisa arrive?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const conversation = chat.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveText([
    'You: When does a transfer to Hargeisa arrive?',
    /^Agent: Thank you for writing\./,
  ]);
  await expectNoAxeViolations(page, 'support chat');
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toBeHidden();
  await expect(launcher, 'focus returns to the button that opened the chat').toBeFocused();

  await detectedAs(page, 'SE');
  await expect(footer).toContainText('In the EU and EEA');
  await expect(footer).not.toContainText('Financial Conduct Authority');
  await expect(page.getByRole('link', { name: 'Sarraf', exact: true }), 'the UK/EU brand').toBeVisible();
  await detectedAs(page, 'US');
  await expect(footer).toContainText('licensed as a money transmitter in the states where it serves customers');
  await expect(page.getByRole('link', { name: 'Sarraf US', exact: true }), 'the US brand').toBeVisible();

  // Signed in: the customer's country and state, and their country's documents.
  await signInNewCustomer(page, context.request, { firstName: 'Amina', country: 'US', usaState: 'MN' });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Amina');
  await expect(footer).toContainText('Minnesota residents: Sarraf US, Inc. is licensed');
  await expect(footer).not.toContainText('in the states where it serves customers');
  await expectNoAxeViolations(page, 'home with the Minnesota footer');
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/legal\/us\/terms-and-conditions$/);
  await expect(page.getByText('Your transfers in this country are provided by Sarraf US, Inc.')).toBeVisible();
});
