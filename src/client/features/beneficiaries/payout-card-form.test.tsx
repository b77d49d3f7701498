import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type Beneficiary,
  type BeneficiarySchemaResponse,
  toBeneficiarySchema,
} from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { field } from '../../testing/kenya-schema.ts';
import { BeneficiaryForm, type FieldErrors } from './beneficiary-form.tsx';
import type { LoadedSchema } from './load-beneficiary-schema.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const TOKENIZE = '/sandbox/payout-cards/tokens';

/** GET /api/v1/schemas/beneficiary?destination_country=KE&payout_type=card&destination_currency=KES, as the server answers. */
const KENYA_CARD_SCHEMA: BeneficiarySchemaResponse = {
  data: {
    destination_country: 'KE',
    payout_type: 'card',
    destination_currency: 'KES',
    fields: [
      field('first_name', 'first_name', 'name'),
      field('middle_name', 'middle_name', 'name', { required: false }),
      field('last_name', 'last_name', 'name'),
      field('card_token', 'card_token', 'text', {
        constraints: { min_length: 1, max_length: 64, pattern: '^[A-Za-z0-9_-]{8,64}$', format: 'text' },
      }),
      field('relationship', 'relationship', 'choice', { options: ['sibling'] }),
      field('purpose_of_transaction', 'purpose_of_transaction', 'choice', { options: ['family_support'] }),
    ],
  },
  meta: {
    _links: {
      save: { href: '/api/v1/beneficiaries', method: 'POST' },
      tokenize_card: { href: TOKENIZE, method: 'POST' },
    },
    _constraints: { review_required: false, provider_number_prefixes: {} },
    _data_sources: {},
  },
};

const KENYA_CARD_FORM: LoadedSchema = {
  response: KENYA_CARD_SCHEMA,
  schema: toBeneficiarySchema(KENYA_CARD_SCHEMA),
  sources: {},
};

const ISSUED = {
  token: 'ptk_abcdefghijklmnop',
  card: { brand: 'visa', last4: '0004', exp_month: 12, exp_year: 2030, country: 'KE' },
  expires_at: '2026-11-24T10:15:00Z',
};

type Submit = (values: Record<string, string>) => Promise<FieldErrors | undefined>;

async function renderForm(onSubmit: Submit, initial?: { values: Record<string, string>; card: Beneficiary['card'] }) {
  await activateLocale('en-GB');
  render(
    <I18nProvider i18n={i18n}>
      <BeneficiaryForm
        loaded={KENYA_CARD_FORM}
        initialValues={initial?.values}
        initialCard={initial?.card}
        submitLabel="Save"
        submittingLabel="Saving"
        onSubmit={onSubmit}
      />
    </I18nProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A saved recipient's values, its card on file behind `cardToken`. */
const recipientWithCard = (cardToken: string) => ({
  first_name: 'Amina',
  last_name: 'Otieno',
  card_token: cardToken,
  relationship: 'sibling',
  purpose_of_transaction: 'family_support',
});

function fillNames() {
  type('First name', 'Amina');
  type('Last name', 'Otieno');
  choose('Relationship to you', 'sibling');
  choose('Purpose of transaction', 'family_support');
}

describe("a card payout recipient's card", () => {
  it('goes to the gateway the schema links to, in the recipient’s name; the form sends only the token', async () => {
    const network = fakeApi({ [`POST ${TOKENIZE}`]: reply(201, { data: ISSUED }) });
    const onSubmit = vi.fn<Submit>(async () => undefined);
    await renderForm(onSubmit);
    fillNames();
    type('Card number', '4000040400000004');
    expect(screen.getByLabelText('Card number')).toHaveProperty('value', '4000 0404 0000 0004');
    type('Expiry date', '1230');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(network.sent.map((request) => request.path)).toEqual([TOKENIZE]);
    expect(network.sent[0]?.body).toEqual({
      number: '4000040400000004',
      exp_month: 12,
      exp_year: 2030,
      name: 'Amina Otieno',
    });
    const values = onSubmit.mock.calls[0]?.[0];
    expect(values).toMatchObject({ first_name: 'Amina', last_name: 'Otieno', card_token: ISSUED.token });
    expect(JSON.stringify(values)).not.toContain('0404');
  });

  it('is checked before it leaves the browser: number, brand and expiry, each tied to its input', async () => {
    const network = fakeApi({});
    const onSubmit = vi.fn<Submit>(async () => undefined);
    await renderForm(onSubmit);
    fillNames();
    type('Card number', '3782 822463 10005');
    type('Expiry date', '0120');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('We pay out only to Visa and Mastercard cards', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('This card has expired', { selector: 'p' })).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Expiry date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Expiry date: This card has expired' })).toBeTruthy();
    expect(network.sent).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('on file shows only brand, last four and expiry, says when it has expired, and can be replaced', async () => {
    const onSubmit = vi.fn<Submit>(async () => undefined);
    const card = { guid: 'pcd_kept00000000', brand: 'visa' as const, last4: '0004', expire: '12/25', is_expired: true };
    await renderForm(onSubmit, {
      values: recipientWithCard(card.guid),
      card,
    });
    expect(screen.getByText('Visa •••• 0004, expires 12/25')).toBeTruthy();
    expect(screen.getByText("This card has expired. Enter the recipient's new card.")).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('issued outside the recipient’s country opens SPEC’s modal, whose "Add a new card" goes back to the number', async () => {
    fakeApi({ [`POST ${TOKENIZE}`]: reply(201, { data: { ...ISSUED, card: { ...ISSUED.card, country: 'GB' } } }) });
    const refusal = new ApiFailure(422, 'req-1', [
      {
        type: 'IssuerCardCountryNotEqualBeneficiaryCountry',
        message: 'Enter a card issued in Kenya',
        propertyPath: 'values.card_token',
      },
    ]);
    const onSubmit = vi.fn<Submit>(async () => serverFieldErrors(i18n, refusal));
    await renderForm(onSubmit);
    fillNames();
    type('Card number', '4242 4242 4242 4242');
    type('Expiry date', '1230');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const modal = await screen.findByRole('alertdialog', {
      name: "The card's issuing country differs from the recipient's",
    });
    expect(modal.textContent).toContain("a card issued in the recipient's country, Kenya");
    // the modal says it, not a field message as well
    expect(screen.queryByText('Enter a card issued in Kenya')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a new card' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveProperty('value', '');
    expect(document.activeElement).toBe(number);
  });

  it('on file and refused for its issuing country is replaced by a new one from the modal', async () => {
    const card = {
      guid: 'pcd_kept00000000',
      brand: 'visa' as const,
      last4: '0004',
      expire: '12/30',
      is_expired: false,
    };
    const onSubmit = vi.fn<Submit>(async () => ({ card_country: 'Enter a card issued in Kenya' }));
    await renderForm(onSubmit, {
      values: recipientWithCard(card.guid),
      card,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a new card' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
  });
});
