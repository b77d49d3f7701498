import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../domain/contract/user.ts';
import { userData } from '../../testing/auth-fixtures.ts';
import { failure, reply } from '../../testing/fake-api.ts';
import { CARD_FIELDS_WAIT, openPayStep } from '../../testing/pay-step.ts';
import { transfer, unpaidTransfer } from '../../testing/transfer.ts';

const HOME = { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' };
const US: Partial<User> = {
  country: 'US',
  sourceCountry: { iso2: 'US', currency: 'USD', bankIdLogin: false },
  usaState: { code: 'TX', name: 'Texas' },
  address: HOME,
  isRemittanceEnabled: true,
};
const GB: Partial<User> = {
  address: { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null },
  isRemittanceEnabled: true,
};
const TOKEN = {
  token: 'tok_us',
  card: { brand: 'visa', last4: '0006', exp_month: 12, exp_year: 2034, country: 'US' },
  expires_at: '2034-11-22T09:15:00Z',
};
const PAY = 'POST /api/main/remit/transaction/pay';
const APPROVED = reply(200, {
  data: { status: 'APPROVED', code: 'approved', challenge_url: null, transfer: transfer({}) },
});
const SSN_ASKED = failure(
  400,
  'SSNNotDefined',
  'Confirm the last 4 digits of your Social Security number to pay by card',
  'ssn_last4',
);

type Answers = NonNullable<Parameters<typeof openPayStep>[2]>[string];

/** The pay step of an unpaid transfer from `sendCountry`, the customer `user`, the pay call answering `pay` in turn. */
function openPay(user: Partial<User>, pay: Answers, changes: Parameters<typeof unpaidTransfer>[0] = {}) {
  return openPayStep(unpaidTransfer(changes), null, {
    'POST /api/main/user/get': reply(200, { data: userData(user) }),
    'POST /api/main/remit/card/list': reply(200, { data: [] }),
    'POST /sandbox/gateway/tokens': reply(201, { data: TOKEN }),
    'POST /api/main/remit/transaction/set-payment-type': reply(200, { data: unpaidTransfer(changes) }),
    [PAY]: pay,
  });
}

async function payByNewCard() {
  fireEvent.change(await screen.findByLabelText('Name on card', {}, CARD_FIELDS_WAIT), {
    target: { value: 'Amina Warsame' },
  });
  fireEvent.change(await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT), {
    target: { value: '4000 0840 0000 0006' },
  });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/34' } });
  fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
}

const billingOf = () => screen.findByRole('group', { name: 'Billing address' });

describe('the pay step of a card payment from the United States', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the billing address from the home address, fitted for typing it, and sends it with the payment', async () => {
    const network = await openPay(US, APPROVED);
    const billing = await billingOf();
    expect(within(billing).getByLabelText<HTMLInputElement>('Street and house number').value).toBe(HOME.street);
    expect(within(billing).getByLabelText<HTMLInputElement>('City').value).toBe('Dallas');
    expect(within(billing).getByLabelText<HTMLSelectElement>('State').value).toBe('TX');
    const zip = within(billing).getByLabelText<HTMLInputElement>('ZIP code');
    expect(zip.value).toBe('75201');
    expect([zip.inputMode, zip.autocomplete]).toEqual(['numeric', 'postal-code']);
    expect(billing.textContent).toContain('It must be your home address');

    await payByNewCard();
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });
    expect(network.to(PAY).map((request) => request.body)).toEqual([
      {
        trans_ref: 'SR0000000A',
        card_token: 'tok_us',
        billing_address: { street: HOME.street, city: 'Dallas', state: 'TX', zip: '75201' },
      },
    ]);
  });

  it('checks the billing address before paying, and shows the server’s refusal of it on the address', async () => {
    const mismatch =
      "Your card's billing address must be your home address, as you registered it with us. Use a card whose bank has your home address.";
    const network = await openPay(US, [failure(400, 'InvalidInformation', mismatch, 'billing_address'), APPROVED]);
    const billing = await billingOf();
    const zip = within(billing).getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '7520' } });
    await payByNewCard();
    expect(await within(billing).findByText('Enter the ZIP code as 5 digits, or ZIP+4 like 12345-6789')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(zip);
    expect(network.to(PAY)).toEqual([]);

    fireEvent.change(zip, { target: { value: '75202-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await within(billing).findByText(mismatch)).toBeTruthy();
    expect(billing.getAttribute('aria-describedby')).toContain(within(billing).getByText(mismatch).id);
    expect(network.to(PAY).map((request) => request.body)).toEqual([
      expect.objectContaining({ billing_address: expect.objectContaining({ zip: '75202-1234' }) }),
    ]);
  });

  it('asks for the last 4 SSN digits in a modal, sends the same payment again with them, and shows why digits were refused', async () => {
    const wrong = 'These are not the last 4 digits of the Social Security number you gave us';
    const network = await openPay(US, [SSN_ASKED, failure(400, 'InvalidInformation', wrong, 'ssn_last4'), APPROVED]);
    await payByNewCard();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your identity' });
    const digits = within(dialog).getByLabelText<HTMLInputElement>('Last 4 digits of your Social Security number');
    expect([digits.inputMode, digits.maxLength, digits.autocomplete]).toEqual(['numeric', 4, 'off']);

    fireEvent.change(digits, { target: { value: '678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Enter the last 4 digits of your Social Security number')).toBeTruthy();
    expect(network.to(PAY)).toHaveLength(1);

    fireEvent.change(digits, { target: { value: '6788' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(wrong)).toBeTruthy();
    expect(digits.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(digits, { target: { value: '6789' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });

    const sent = network.to(PAY);
    expect(sent.map((request) => (request.body as { ssn_last4?: string }).ssn_last4)).toEqual([
      undefined,
      '6788',
      '6789',
    ]);
    for (const request of sent) {
      expect(request.body).toMatchObject({ card_token: 'tok_us', billing_address: { zip: '75201' } });
    }
    // each request body its own Idempotency-Key
    expect(new Set(sent.map((request) => request.headers.get('Idempotency-Key'))).size).toBe(3);
  });

  it('says so in the modal when too many wrong digits were tried, and Cancel closes it', async () => {
    const tooMany =
      'Too many wrong tries of your Social Security number. Try again tomorrow, or contact customer support.';
    await openPay(US, [SSN_ASKED, failure(429, 'AttemptLimit', tooMany, 'ssn_last4')]);
    await payByNewCard();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your identity' });
    fireEvent.change(within(dialog).getByLabelText('Last 4 digits of your Social Security number'), {
      target: { value: '1234' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(tooMany)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm your identity' })).toBeNull();
  });

  it('sends the billing address with a saved card’s payment too', async () => {
    const network = await openPayStep(unpaidTransfer(), null, {
      'POST /api/main/user/get': reply(200, { data: userData(US) }),
      'POST /api/main/remit/card/list': reply(200, {
        data: [
          {
            card_id: 'card_us1',
            brand: 'visa',
            last4: '0006',
            exp_month: 12,
            exp_year: 2034,
            expire: '12/34',
            is_expired: false,
          },
        ],
      }),
      'POST /api/main/remit/transaction/set-payment-type': reply(200, { data: unpaidTransfer() }),
      [PAY]: APPROVED,
    });
    await billingOf();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });
    expect(network.to(PAY)[0]?.body).toEqual({
      trans_ref: 'SR0000000A',
      saved_card_id: 'card_us1',
      billing_address: { street: HOME.street, city: 'Dallas', state: 'TX', zip: '75201' },
    });
  });

  it('asks a sender from elsewhere for their billing address without a state, started from their home address', async () => {
    const network = await openPay(GB, APPROVED, { send_country: 'GB', source_currency: 'GBP' });
    await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT);
    const billing = await billingOf();
    expect(within(billing).getByLabelText<HTMLInputElement>('Street and house number').value).toBe('1 Deansgate');
    expect(within(billing).getByLabelText<HTMLInputElement>('City').value).toBe('Manchester');
    expect(within(billing).queryByLabelText('State')).toBeNull();
    const postcode = within(billing).getByLabelText<HTMLInputElement>('Postcode');
    expect(postcode.value).toBe('M3 1AZ');
    // a postcode that cannot be one is refused before anything is sent
    fireEvent.change(postcode, { target: { value: 'M3 1AZ;' } });
    await payByNewCard();
    expect(
      await within(billing).findByText('Enter the postcode: letters, digits, spaces and hyphens, at most 10'),
    ).toBeTruthy();
    expect(network.to(PAY)).toHaveLength(0);
    fireEvent.change(postcode, { target: { value: ' M3 1AZ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' });
    expect(network.to(PAY).map((request) => request.body)).toEqual([
      {
        trans_ref: 'SR0000000A',
        card_token: 'tok_us',
        billing_address: { street: '1 Deansgate', city: 'Manchester', zip: 'M3 1AZ' },
      },
    ]);
  });
});
