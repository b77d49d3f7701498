import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, SANDBOX_CLIENT_PROVIDERS } from '../../testing/fake-api.ts';
import { openPayStep } from '../../testing/pay-step.ts';
import { unpaidTransfer } from '../../testing/transfer.ts';

/** A deployment whose bank link is Adyen's: Pay by Bank and Trustly take these currencies only. */
const ADYEN_BANK_LINK = {
  'GET /api/locator/client-providers': reply(200, {
    data: { ...SANDBOX_CLIENT_PROVIDERS, bank_link_currencies: ['GBP', 'EUR', 'SEK', 'NOK', 'DKK'] },
  }),
};

describe('"Pay from your bank" where the bank link takes some currencies only', () => {
  it('is offered for a transfer paid in pounds', async () => {
    await openPayStep(unpaidTransfer({ send_country: 'GB', source_currency: 'GBP' }), null, ADYEN_BANK_LINK);
    expect(await screen.findByRole('region', { name: 'Pay from your bank' })).toBeTruthy();
  });

  it('is not offered for a transfer paid in US dollars, rather than refused once tried', async () => {
    await openPayStep(unpaidTransfer({ source_currency: 'USD' }), null, ADYEN_BANK_LINK);
    // offered until the server has said what the bank link takes, then gone
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pay from your bank' })).toBeNull());
  });
});
