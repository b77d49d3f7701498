import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { deploymentWith, fakeApi } from '../../testing/fake-api.ts';
import { AMINA_KENYA_MOBILE, KENYA_MOBILE_FORM, typeKenyaMobileRecipient } from '../../testing/kenya-schema.ts';
import { BeneficiaryForm } from './beneficiary-form.tsx';

describe('a deployment with MOBILE_PAYOUT_CONFIRM_MOBILE=false', () => {
  it('saves a mobile-money recipient from the number typed once', async () => {
    fakeApi(deploymentWith({ confirm_mobile: false }));
    await activateLocale('en-GB');
    const onSubmit = vi.fn(async () => undefined);
    render(
      <I18nProvider i18n={i18n}>
        <BeneficiaryForm loaded={KENYA_MOBILE_FORM} submitLabel="Save" submittingLabel="Saving" onSubmit={onSubmit} />
      </I18nProvider>,
    );
    typeKenyaMobileRecipient();
    expect(screen.queryByLabelText(/typed again to confirm/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toEqual([AMINA_KENYA_MOBILE, false, undefined]);
  });
});
