import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { addRecipient, awaitingPayment, onboard, signUp } from './customer.ts';
import { startBuiltServer, stopProcess, waitForHealth } from './server-process.ts';
const PORT = 8295; const base = `http://127.0.0.1:${PORT}`;
const path = '/wallets';
const ready = async (page: import('@playwright/test').Page) => {
  await page.locator('li a[href^="/wallets/"]', { hasText: 'GBP' }).first().waitFor();
  while ((await page.getByRole('status').filter({ hasText: /^You're offline\. Last updated/ }).count()) < 4) await page.waitForTimeout(20);
};
const server = startBuiltServer(PORT);
try {
  await waitForHealth(server, base);
  const token = await signUp(base); await onboard(base, token);
  await awaitingPayment(base, token, await addRecipient(base, token));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate(`localStorage.setItem('access-token', ${JSON.stringify(token)})`);
  await page.evaluate(`localStorage.setItem('cookie-consent', 'necessary-only')`);
  await page.goto(`${base}/home`);
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) { await page.reload(); await page.waitForTimeout(200); }
  await page.goto(`${base}${path}`); await page.locator('li a[href^="/wallets/"]', { hasText: 'GBP' }).first().waitFor();
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let i = 0; i < 2; i++) { await page.goto(`${base}${path}`); await ready(page); }
  const profiles = [];
  for (let i = 0; i < 5; i++) {
    await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${path}`, { waitUntil: 'commit' }); await ready(page);
    const { profile } = await cdp.send('Profiler.stop');
    profiles.push(profile);
  }
  writeFileSync('/tmp/profiles.json', JSON.stringify(profiles));
  await browser.close();
} finally { await stopProcess(server); }
