import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n, type Locale } from '../../lib/i18n.ts';
import { AMINA_KENYA_MOBILE, KENYA_MOBILE_FORM } from '../../testing/kenya-schema.ts';
import { savedRecipient } from '../../testing/saved-recipient.ts';
import { BeneficiaryForm, type SubmitRecipient } from './beneficiary-form.tsx';
import { existingRecipient } from './existing-recipient.ts';
import { translateFieldMessage } from './server-field-errors.ts';

type Submit = SubmitRecipient;

async function renderForm(onSubmit = vi.fn<Submit>(async () => undefined), locale: Locale = 'en-GB') {
  await activateLocale(locale);
  render(
    <I18nProvider i18n={i18n}>
      <BeneficiaryForm loaded={KENYA_MOBILE_FORM} submitLabel="Save" submittingLabel="Saving" onSubmit={onSubmit} />
    </I18nProvider>,
  );
  return onSubmit;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('a recipient form rendered from its schema', () => {
  it('has a control per schema field, in order, of the type its format asks for', async () => {
    await renderForm();
    const labels = screen.getAllByText(/./, { selector: 'label' }).map((label) => label.textContent);
    expect(labels).toEqual([
      'First name',
      'Middle name (optional)',
      'Last name',
      'Mobile number',
      'Mobile number, typed again to confirm',
      'Mobile network',
      'Relationship to you',
      'Purpose of transaction',
    ]);
    expect(screen.getByLabelText('Mobile number')).toHaveProperty('type', 'tel');
    const network = screen.getByLabelText('Mobile network');
    expect(
      within(network)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Airtel Money', 'Safaricom M-PESA']);
    expect(
      within(screen.getByLabelText('Purpose of transaction')).getByRole('option', { name: 'Family Support' }),
    ).toBeTruthy();
  });

  it('blocks digits in names as they are typed', async () => {
    await renderForm();
    type('First name', 'Am1na');
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Amna');
  });

  it('checks with the shared rules on submit, lists the problems and ties each to its field', async () => {
    const onSubmit = await renderForm();
    type('First name', 'Amina');
    type('Mobile number', '+252 61 234 5678');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Mobile number: Enter a mobile number in Kenya' })).toBeTruthy();
    const phone = screen.getByLabelText('Mobile number');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(
      'Enter a mobile number in Kenya',
    );
    expect(within(summary).getAllByRole('link')).toHaveLength(5);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the canonical values once every rule passes', async () => {
    const onSubmit = await renderForm();
    type('First name', 'Amina');
    type('Last name', 'Otieno');
    type('Mobile number', '0712 345 678');
    type('Mobile number, typed again to confirm', '+254 712 345 678');
    type('Mobile network', 'MPESA');
    type('Relationship to you', 'parent');
    type('Purpose of transaction', 'family_support');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(AMINA_KENYA_MOBILE, false, '+254 712 345 678');
  });

  it('offers to text the recipient only once their mobile number is on the form, and sends the choice', async () => {
    await activateLocale('en-GB');
    const onSubmit = vi.fn<Submit>(async () => undefined);
    render(
      <I18nProvider i18n={i18n}>
        <BeneficiaryForm
          loaded={KENYA_MOBILE_FORM}
          submitLabel="Save"
          submittingLabel="Saving"
          smsOptIn={false}
          onSubmit={onSubmit}
        />
      </I18nProvider>,
    );
    const optIn = /Text the recipient when the money is ready to collect or has arrived/;
    expect(screen.queryByLabelText(optIn)).toBeNull();
    type('First name', 'Amina');
    type('Last name', 'Otieno');
    type('Mobile number', '0712 345 678');
    type('Mobile number, typed again to confirm', '0712 345 678');
    type('Mobile network', 'MPESA');
    type('Relationship to you', 'parent');
    type('Purpose of transaction', 'family_support');
    const box = screen.getByLabelText(optIn);
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[1]).toBe(true);

    type('Mobile number', '');
    expect(screen.queryByLabelText(optIn)).toBeNull();
  });

  it('shows field errors the server sent, translated when they are rule messages', async () => {
    const onSubmit = vi.fn<Submit>(async () => ({ mobile: 'Ange ett giltigt mobilnummer' }));
    await renderForm(onSubmit, 'sv');
    type('Förnamn', 'Amina');
    type('Efternamn', 'Otieno');
    type('Mobilnummer', '0712 345 678');
    type(/^Mobilnummer, /, '0712 345 678');
    type('Mobiloperatör', 'MPESA');
    type('Relation till dig', 'parent');
    type('Syfte med transaktionen', 'gift');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Mobilnummer: Ange ett giltigt mobilnummer' })).toBeTruthy();

    expect(translateFieldMessage(i18n, 'Enter a valid mobile number')).toBe('Ange ett giltigt mobilnummer');
    expect(translateFieldMessage(i18n, 'Use at most 16 characters')).toBe('Använd högst 16 tecken');
    expect(translateFieldMessage(i18n, 'Some message we do not know')).toBe('Some message we do not know');
  });
});

describe('a refused duplicate', () => {
  it('is matched to the one saved recipient with the same account, never guessed among several', () => {
    const account = { mobile: '+254712345678', mobile_network_code: 'MPESA' };
    const one = savedRecipient('ben_1', { ...account, first_name: 'Amina' });
    const other = savedRecipient('ben_2', { mobile: '+254700000000', mobile_network_code: 'MPESA' });
    const entered = { ...account, first_name: 'Aminah', last_name: 'Otieno' };
    expect(existingRecipient(KENYA_MOBILE_FORM.schema, entered, [other, one])).toBe(one);
    expect(
      existingRecipient(KENYA_MOBILE_FORM.schema, entered, [one, savedRecipient('ben_3', account)]),
    ).toBeUndefined();
    expect(existingRecipient(KENYA_MOBILE_FORM.schema, entered, [other])).toBeUndefined();
  });
});
