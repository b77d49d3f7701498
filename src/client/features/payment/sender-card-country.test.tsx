import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userData } from '../../testing/auth-fixtures.ts';
import { failure, reply } from '../../testing/fake-api.ts';
import { openPayStep } from '../../testing/pay-step.ts';
import { transfer, unpaidTransfer } from '../../testing/transfer.ts';

const PAY = 'POST /api/main/remit/transaction/pay';
const HOME = { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null };
const tokenOf = (country: string) => ({
  token: `tok_${country}`,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country },
  expires_at: '2034-11-22T09:15:00Z',
});

describe('a card issued outside the country the sender sends from', () => {
  it('opens the pay screen’s own modal naming that country, then takes a new card', async () => {
    const fromUk = { send_country: 'GB', source_currency: 'GBP' };
    const network = await openPayStep(unpaidTransfer(fromUk), null, {
      'POST /api/main/user/get': reply(200, { data: userData({ address: HOME, isRemittanceEnabled: true }) }),
      'POST /api/main/remit/card/list': reply(200, { data: [] }),
      'POST /sandbox/gateway/tokens': [reply(201, { data: tokenOf('SE') }), reply(201, { data: tokenOf('GB') })],
      'POST /api/main/remit/transaction/set-payment-type': reply(200, { data: unpaidTransfer(fromUk) }),
      [PAY]: [
        failure(
          422,
          'IssuerCardCountryNotEqualSendCountry',
          'This card was issued in SE; pay with a card issued in GB, where you send from',
          'card_token',
        ),
        reply(200, { data: { status: 'APPROVED', code: 'approved', challenge_url: null, transfer: transfer({}) } }),
      ],
    });
    const pay = async () => {
      fireEvent.change(await screen.findByLabelText('Name on card'), { target: { value: 'Amina Warsame' } });
      fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
      fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/34' } });
      fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    };
    await pay();
    const modal = await screen.findByRole('alertdialog', { name: 'Pay with a card from the country you send from' });
    expect(modal.textContent).toContain('issued in the country you send from: United Kingdom');
    // not the recipient form's modal: that one speaks of the recipient's country
    expect(modal.textContent).not.toContain('recipient');
    // "Add a new card" submits the modal's form method="dialog": the browser closes it (jsdom does not)
    expect(screen.getByRole('button', { name: 'Add a new card' }).closest('form')?.method).toBe('dialog');
    act(() => (modal as HTMLDialogElement).close());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await pay();
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });
    expect(network.to(PAY)).toHaveLength(2);
  });
});
