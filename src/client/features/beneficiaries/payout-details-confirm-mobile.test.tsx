import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { KENYA_MOBILE_SCHEMA, KENYA_NETWORKS } from '../../testing/kenya-schema.ts';
import { PayoutDetailsForm } from './payout-details-form.tsx';

const CONFIRM = 'Mobile number, typed again to confirm';

describe("correcting a paid transfer's mobile-money number (SPEC §9 confirm-mobile)", () => {
  it('asks for a new number typed twice, and nothing for another network on the same number', async () => {
    fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
    });
    await activateLocale('en-GB');
    const save = vi.fn(async () => undefined);
    render(
      <I18nProvider i18n={i18n}>
        <PayoutDetailsForm
          corridor={{ country: 'KE', payoutType: 'mobile', currency: 'KES' }}
          values={{ mobile: '+254712345678', mobile_network_code: 'MPESA' }}
          save={save}
          onCancel={() => undefined}
        />
      </I18nProvider>,
    );
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

    await screen.findByLabelText('Mobile network');
    type('Mobile network', 'AIRTEL');
    expect(screen.queryByLabelText(CONFIRM)).toBeNull();
    submit();
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save).toHaveBeenLastCalledWith({ mobile: '+254712345678', mobile_network_code: 'AIRTEL' }, undefined);

    type('Mobile number', '0733 111 222');
    submit();
    expect(
      await screen.findByRole('link', { name: `${CONFIRM}: Type the mobile number again to confirm it` }),
    ).toBeTruthy();
    expect(save).toHaveBeenCalledOnce();
    type(CONFIRM, '0733 111 222');
    submit();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith({ mobile: '+254733111222', mobile_network_code: 'AIRTEL' }, '0733 111 222');
  });
});
