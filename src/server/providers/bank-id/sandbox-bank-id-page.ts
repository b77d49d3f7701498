import { html } from 'hono/html';
import { sandboxPage } from '../sandbox-page.ts';
import type { SandboxBankIdOrder } from './sandbox-bank-id.ts';
import { SANDBOX_BANK_ID_NUMBERS } from './sandbox-bank-id.ts';

/**
 * The sandbox bank ID's page. It stands for the provider's own page, so it
 * is in English only and outside the app's catalogues. No script and no
 * inline style: the app's CSP allows neither.
 */
const HEADING = 'Sandbox bank ID — identify yourself';
/** Relative to /…/bank-id/:orderRef, where every page here is served. */
const STYLESHEET = 'assets/page.css';

const COUNTRY_NAMES: Record<string, string> = { SE: 'Sweden', NO: 'Norway' };

const page = (title: string, body: unknown) => sandboxPage(STYLESHEET, title, body);

/** The identification: the order's number, and the one button that ends it as the number says. */
export function identifyPage(order: SandboxBankIdOrder, confirmPath: string) {
  return page(
    HEADING,
    html`<h1>${HEADING}</h1>
<p>Sarraf asks you to identify yourself with your bank ID.</p>
<p>This is a sandbox: no real bank is involved. The personal number decides what happens:
${SANDBOX_BANK_ID_NUMBERS.cancelled} cancels, ${SANDBOX_BANK_ID_NUMBERS.failed} fails, any other is identified.</p>
<dl>
<dt>Country</dt><dd>${COUNTRY_NAMES[order.country] ?? order.country}</dd>
<dt>Personal number</dt><dd>${order.personal_identity_number}</dd>
</dl>
<form method="post" action="${confirmPath}">
<button type="submit" class="primary">Identify with bank ID</button>
</form>`,
  );
}

export function unknownOrderPage() {
  const title = 'Sandbox bank ID — nothing to identify';
  return page(
    title,
    html`<h1>${title}</h1>
<p>There is no identification waiting at this address. Go back to Sarraf and start again.</p>`,
  );
}
