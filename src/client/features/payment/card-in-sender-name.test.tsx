import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_NOT_IN_SENDER_NAME } from '../../../domain/payments.ts';
import { userData } from '../../testing/auth-fixtures.ts';
import { failure, reply } from '../../testing/fake-api.ts';
import { openPayStep } from '../../testing/pay-step.ts';
import { transfer, unpaidTransfer } from '../../testing/transfer.ts';

const TOKEN = {
  token: 'tok_gb',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'GB' },
  expires_at: '2034-11-22T09:15:00Z',
};
const PAY = 'POST /api/main/remit/transaction/pay';
const HOME = { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null };

describe('a card in another name than the sender’s', () => {
  it('says so in the customer’s words and lets them pay with their own card', async () => {
    const fromUk = { send_country: 'GB', source_currency: 'GBP' };
    const network = await openPayStep(unpaidTransfer(fromUk), null, {
      'POST /api/main/user/get': reply(200, { data: userData({ address: HOME, isRemittanceEnabled: true }) }),
      'POST /api/main/remit/card/list': reply(200, { data: [] }),
      'POST /sandbox/gateway/tokens': reply(201, { data: TOKEN }),
      'POST /api/main/remit/transaction/set-payment-type': reply(200, { data: unpaidTransfer(fromUk) }),
      [PAY]: [
        failure(400, 'InvalidInformation', CARD_NOT_IN_SENDER_NAME, 'card_token'),
        reply(200, { data: { status: 'APPROVED', code: 'approved', challenge_url: null, transfer: transfer({}) } }),
      ],
    });
    const fill = async (name: string) => {
      fireEvent.change(await screen.findByLabelText('Name on card'), { target: { value: name } });
      fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
      fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/34' } });
      fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    };
    await fill('Hodan Ali');
    const alert = await screen.findByText(
      'This card is not in your name. Pay with a card in your own name, or choose another way to pay.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await fill('Amina Warsame');
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });
    expect(network.to(PAY)).toHaveLength(2);
  });
});
