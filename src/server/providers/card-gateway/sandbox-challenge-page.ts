import { html } from 'hono/html';
import { displayMoney } from '../../../domain/money.ts';
import type { CardBrand } from '../../../domain/payments.ts';
import { sandboxPage } from '../sandbox-page.ts';
import type { CardAuthorization } from './card-gateway.ts';

/**
 * The sandbox bank's 3-D Secure pages. They stand for the card issuer's own
 * pages, so they are in English only and outside the app's catalogues. No
 * script and no inline style: the app's CSP allows neither.
 */
const MERCHANT = 'Sarraf';
const HEADING = 'Sandbox bank — confirm your payment';
/** Relative to /…/gateway/3ds/:paymentId, where every page here is served. */
const STYLESHEET = '../assets/challenge.css';

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: 'Card',
};

export const CHALLENGE_STYLESHEET = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1rem; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.75rem; }
h1 { font-size: 1.375rem; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 1rem 0 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
form { margin: 0.75rem 0; }
button, a.button { display: block; box-sizing: border-box; width: 100%; min-height: 2.75rem; padding: 0.5rem 1rem;
  font: inherit; font-weight: 600; text-align: center; border-radius: 0.5rem; cursor: pointer; }
button.primary, a.button { background: #1a5d1a; color: #fff; border: 2px solid #1a5d1a; text-decoration: none; }
button.secondary { background: transparent; color: inherit; border: 2px solid currentColor; }
button:focus-visible, a.button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

const page = (title: string, body: unknown) => sandboxPage(STYLESHEET, title, body);

function summary(payment: CardAuthorization) {
  const card = payment.card ? `${BRAND_NAMES[payment.card.brand]} ending ${payment.card.last4}` : 'Unknown card';
  return html`<dl>
<dt>Merchant</dt><dd>${MERCHANT}</dd>
<dt>Amount</dt><dd>${displayMoney(payment.amount, payment.currency, 'en-GB')}</dd>
<dt>Card</dt><dd>${card}</dd>
<dt>Reference</dt><dd>${payment.reference}</dd>
</dl>`;
}

/** The challenge itself: pass or fail authentication. */
export function challengePage(payment: CardAuthorization, completePath: string) {
  return page(
    HEADING,
    html`<h1>${HEADING}</h1>
<p>${MERCHANT} asks your bank to confirm this card payment.</p>
<p>This is a sandbox: no real bank and no real money are involved.</p>
${summary(payment)}
<form method="post" action="${completePath}">
<input type="hidden" name="outcome" value="success">
<button type="submit" class="primary">Authenticate</button>
</form>
<form method="post" action="${completePath}">
<input type="hidden" name="outcome" value="failure">
<button type="submit" class="secondary">Fail authentication</button>
</form>`,
  );
}

/** The challenge was already answered (a second tab, the back button): say how, and offer the way back. */
export function endedChallengePage(payment: CardAuthorization, resultUrl: string) {
  const outcome =
    payment.status === 'APPROVED'
      ? 'You have already confirmed this payment.'
      : 'Authentication of this payment failed, so it was not made.';
  return page(
    HEADING,
    html`<h1>${HEADING}</h1>
<p>${outcome}</p>
${summary(payment)}
<a class="button" href="${resultUrl}">Return to ${MERCHANT}</a>`,
  );
}

export function unknownChallengePage() {
  const title = 'Sandbox bank — payment not found';
  return page(
    title,
    html`<h1>${title}</h1>
<p>There is no payment waiting for confirmation at this address.</p>`,
  );
}
