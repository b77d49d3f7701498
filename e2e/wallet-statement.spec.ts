import { readFile } from 'node:fs/promises';
import { pdfText } from '../tests/support/pdf-text.ts';
import { customerAtHome } from './support/api-customer.ts';
import { checkScreen, PHONE, resizeTo } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';
import { topUpByApi } from './support/wallet-funds.ts';

test('a wallet lists its transactions and downloads its month as CSV and PDF, at 360 px, in English, Swedish and Somali', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await customerAtHome(page, context.request);
  await topUpByApi(page, '300.00');
  await topUpByApi(page, '50.00');
  await resizeTo(page, PHONE);
  await page.goto('/wallets');
  await page.getByRole('link', { name: 'GBP transactions and statements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your GBP wallet' })).toBeVisible();
  const transactions = page.getByRole('region', { name: 'Transactions' });
  await expect(transactions.getByRole('listitem')).toHaveText([
    /Top-up.*\+£50\.00\s*Balance £350\.00/,
    /Top-up.*\+£300\.00\s*Balance £300\.00/,
  ]);
  await checkScreen(page, 'wallet');

  const download = async (button: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  };
  const month = new Date().toISOString().slice(0, 7);
  const csv = await download('Download CSV');
  expect(csv.name).toBe(`sarraf-statement-GBP-${month}.csv`);
  const records = csv.bytes.toString('utf8').split('\r\n');
  expect(records.at(-1)).toBe('');
  expect(records[0]).toBe('Date,Description,Reference,Amount (GBP),Balance (GBP)');
  expect(records[1]).toMatch(/^\d{4}-\d{2}-01,Opening balance,,,0\.00$/);
  expect(records[2]).toMatch(/,Top-up,tup_[\w-]+,300\.00,300\.00$/);
  expect(records[3]).toMatch(/,Top-up,tup_[\w-]+,50\.00,350\.00$/);
  expect(records[4]).toMatch(/,Closing balance,,,350\.00$/);

  const pdf = await download('Download PDF');
  expect(pdf.name).toBe(`sarraf-statement-GBP-${month}.pdf`);
  const text = (await pdfText(pdf.bytes)).join('\n');
  expect(text).toMatch(/^Sarraf statement: GBP wallet, \w+ \d{4}/);
  expect(text).toContain('Opening balance: £0.00. Closing balance: £350.00.');

  await page.screenshot({ path: testInfo.outputPath('wallet-en.png'), fullPage: true });
  for (const [locale, heading, button] of [
    ['sv', 'Din GBP-plånbok', 'Ladda ner CSV'],
    ['so', 'Boorsadaada GBP', 'Soo deji CSV'],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    await checkScreen(page, `wallet in ${locale}`);
    await page.screenshot({ path: testInfo.outputPath(`wallet-${locale}.png`), fullPage: true });
  }
});
