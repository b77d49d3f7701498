import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { activateLocale, i18n } from '../i18n.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import { CardFields } from './card-fields.tsx';

const GATEWAY = 'GET /api/main/remit/payment/card-gateway';

function renderFields() {
  return render(
    <I18nProvider i18n={i18n}>
      <CardFields submitLabel="Pay now" busyLabel="Paying…" onCard={vi.fn()} onEdit={vi.fn()} />
    </I18nProvider>,
  );
}

/** Every field of our own document a card number, expiry or security code could be typed into. */
const ourCardInputs = () =>
  document.querySelectorAll(
    'input[autocomplete="cc-number"], input[autocomplete="cc-csc"], input[autocomplete="cc-exp"]',
  );

describe('the card fields of the pay and top-up steps', () => {
  beforeEach(() => {
    resetAppStore();
    activateLocale('en-GB');
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => resetAppStore());

  it('are our own form with the sandbox gateway', async () => {
    fakeApi({ [GATEWAY]: reply(200, { data: { gateway: 'sandbox', tokens_url: '/sandbox/gateway/tokens' } }) });
    renderFields();
    expect(await screen.findByLabelText('Card number', {}, { timeout: 10_000 })).toBeInstanceOf(HTMLInputElement);
    expect(ourCardInputs()).toHaveLength(3);
  });

  it('are Adyen’s component with Adyen: no field of ours takes the card, and nothing of it reaches our API', async () => {
    const api = fakeApi({
      [GATEWAY]: reply(200, {
        data: { gateway: 'adyen', client_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', environment: 'test' },
      }),
    });
    // jsdom loads no stylesheet; a browser loads Adyen Web's, and the component waits for it
    const styles = new MutationObserver((added) => {
      for (const node of added.flatMap((record) => [...record.addedNodes])) {
        if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') node.dispatchEvent(new Event('load'));
      }
    });
    styles.observe(document.head, { childList: true });
    onTestFinished(() => styles.disconnect());
    renderFields();
    // Adyen Web (the real package, loaded on demand) mounts its card component, once its styles are here
    const mountedAt = await screen.findByTestId('adyen-card', {}, { timeout: 10_000 });
    await waitFor(() => expect(mountedAt.querySelector('.adyen-checkout__card-input')).not.toBeNull(), {
      timeout: 10_000,
    });
    // the component asked for its styles (jsdom makes the file's address empty)
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(ourCardInputs()).toHaveLength(0);
    expect(screen.queryByLabelText('Card number', { selector: 'input' })).toBeNull();
    // our API and the sandbox's tokenizer hear of no card; Adyen Web itself talks only to Adyen
    const ours = api.sent.filter((request) => /^\/(api|sandbox)\//.test(request.path));
    expect(ours.map((request) => `${request.method} ${request.path}`)).toEqual([GATEWAY]);
  });
});
