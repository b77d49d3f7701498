import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { AMINA_KENYA_MOBILE, KENYA_MOBILE_FORM, typeKenyaMobileRecipient } from '../../testing/kenya-schema.ts';
import { BeneficiaryForm, type SubmitRecipient } from './beneficiary-form.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

type Submit = SubmitRecipient;

const CONFIRM = 'Mobile number, typed again to confirm';

const SAVED = AMINA_KENYA_MOBILE;

async function renderForm(props: { saved?: Record<string, string> } = {}) {
  await activateLocale('en-GB');
  const onSubmit = vi.fn<Submit>(async () => undefined);
  render(
    <I18nProvider i18n={i18n}>
      <BeneficiaryForm
        loaded={KENYA_MOBILE_FORM}
        initialValues={props.saved}
        saved={props.saved}
        submitLabel="Save"
        submittingLabel="Saving"
        onSubmit={onSubmit}
      />
    </I18nProvider>,
  );
  return onSubmit;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('a mobile-money number typed twice before the recipient is saved (SPEC §9 confirm-mobile)', () => {
  it('asks for the number again right under it, and saves nothing until it is typed', async () => {
    const onSubmit = await renderForm();
    typeKenyaMobileRecipient();
    save();
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', { name: `${CONFIRM}: Type the mobile number again to confirm it` }),
    ).toBeTruthy();
    expect(screen.getByLabelText(CONFIRM).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a different number on the confirmation, and saves once the two are the same number', async () => {
    const onSubmit = await renderForm();
    typeKenyaMobileRecipient();
    type(CONFIRM, '0712 345 687');
    save();
    expect(await screen.findByRole('link', { name: `${CONFIRM}: The two mobile numbers do not match` })).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(CONFIRM, '+254 712 345 678');
    expect(screen.getByLabelText(CONFIRM).getAttribute('aria-invalid')).not.toBe('true');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[2]).toBe('+254 712 345 678');
  });

  it('asks nothing on a saved recipient until its number changes', async () => {
    const onSubmit = await renderForm({ saved: SAVED });
    expect(screen.queryByLabelText(CONFIRM)).toBeNull();
    type('Relationship to you', 'friend');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[2]).toBeUndefined();

    type('Mobile number', '0722 000 111');
    type(CONFIRM, '0722 000 111');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[2]).toBe('0722 000 111');
  });

  it("puts the server's refusal on the confirmation, in the customer's language", async () => {
    await activateLocale('so');
    const refusal = new ApiFailure(400, 'req_1', [
      { type: 'ValidationFailed', message: 'The two mobile numbers do not match', propertyPath: 'mobile_confirmation' },
    ]);
    const errors = serverFieldErrors(i18n, refusal);
    expect(errors?.mobile_confirmation).toBeTruthy();
    expect(errors?.mobile_confirmation).not.toBe('The two mobile numbers do not match');
  });
});
