import { html } from 'hono/html';
import { formatMinor } from '../../../domain/money.ts';
import { sandboxPage } from '../sandbox-page.ts';
import { SANDBOX_BANKS, type SandboxBankLinkPayment } from './sandbox-bank-link.ts';

/**
 * The sandbox bank-link provider's bank picker. It stands for the provider's
 * own page, so it is in English only and outside the app's catalogues. No
 * script and no inline style: the app's CSP allows neither.
 */
const HEADING = 'Sandbox bank link — pay from your bank';
/** Relative to /…/bank-link/:paymentId/, where every page here is served. */
const STYLESHEET = 'assets/page.css';

const page = (title: string, body: unknown) => sandboxPage(STYLESHEET, title, body);

/** Pick a bank and approve the payment there, or cancel. */
export function bankPickerPage(payment: SandboxBankLinkPayment, decidePath: string) {
  return page(
    HEADING,
    html`<h1>${HEADING}</h1>
<p>Sarraf asks your bank for a payment.</p>
<dl>
<dt>Amount</dt><dd>${formatMinor(payment.amount, payment.currency)} ${payment.currency}</dd>
<dt>Reference</dt><dd>${payment.reference}</dd>
</dl>
<p>This is a sandbox: no real bank is involved. The bank you pick decides what happens.</p>
<form method="post" action="${decidePath}">
<fieldset>
<legend>Your bank</legend>
${SANDBOX_BANKS.map(
  (bank, i) =>
    html`<p><label><input type="radio" name="bank" value="${bank.id}"${i === 0 ? html` checked` : ''}> ${bank.name}</label></p>`,
)}
</fieldset>
<button type="submit" name="action" value="approve" class="primary">Approve payment</button>
<button type="submit" name="action" value="cancel">Cancel payment</button>
</form>`,
  );
}

export function unknownPaymentPage() {
  const title = 'Sandbox bank link — nothing to pay';
  return page(
    title,
    html`<h1>${title}</h1>
<p>There is no payment waiting at this address. Go back to Sarraf and start again.</p>`,
  );
}
