import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { notificationText } from './notification-text.ts';

const latePayment: Notification = {
  id: 'ntf_late_pmt_1',
  category: 'wallet',
  title_key: 'late_payment.to_wallet',
  params: { amount: '101.99', currency: 'GBP', trans_ref: 'SR0000000A' },
  created_at: '2026-11-22T09:00:00Z',
  viewed: false,
};

describe('a late bank payment put into the wallet', () => {
  it('says where the money went, with the amount in the customer language', async () => {
    await activateLocale('en-GB');
    expect(notificationText(latePayment, i18n)).toEqual({
      title: 'Your bank payment arrived after your transfer closed',
      text: 'We put £101.99 into your Sarraf wallet. Transfer SR0000000A was not sent.',
    });
    await activateLocale('sv');
    expect(notificationText(latePayment, i18n).text).toBe(
      'Vi satte in 101,99\u00a0GBP i din Sarraf-plånbok. Överföring SR0000000A skickades inte.',
    );
  });
});

describe('a late payout whose fee went back to the wallet', () => {
  const lateFee: Notification = { ...latePayment, id: 'ntf_late_fee_tr_1', title_key: 'late_fee.refunded' };

  it('says the fee came back, how much and for which transfer, in the customer language', async () => {
    await activateLocale('en-GB');
    expect(notificationText({ ...lateFee, params: { ...lateFee.params, amount: '1.99' } }, i18n)).toEqual({
      title: 'Your transfer arrived late: we gave your fee back',
      text: 'We put £1.99 into your Sarraf wallet for transfer SR0000000A.',
    });
    await activateLocale('so');
    expect(notificationText(lateFee, i18n).title).toBe('Xawaaladdaadu way soo daahday: khidmaddaadii waan kuu celinay');
  });
});

describe('a top-up in the wallet and a promo code that saved', () => {
  const notice = (title_key: string, params: Record<string, string>): Notification => ({
    ...latePayment,
    id: `ntf_${title_key}`,
    title_key,
    params,
  });

  it('say how much, as money in the customer language', async () => {
    await activateLocale('en-GB');
    expect(notificationText(notice('wallet_credit.top_up', { amount: '50.00', currency: 'GBP' }), i18n)).toEqual({
      title: 'Your wallet was topped up',
      text: '£50.00 is now in your GBP wallet.',
    });
    const promo = notice('promo.saved', { code: 'HALFFEE', amount: '0.99', currency: 'GBP', trans_ref: 'SR0000000A' });
    expect(notificationText(promo, i18n)).toEqual({
      title: 'Your code HALFFEE saved you £0.99',
      text: 'It came off the fee of transfer SR0000000A.',
    });
    await activateLocale('sv');
    expect(notificationText(promo, i18n).title).toBe('Din kod HALFFEE sparade dig 0,99\u00a0GBP');
  });
});
