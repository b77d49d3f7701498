import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { notificationText } from './notification-text.ts';

const latePayment: Notification = {
  id: 'ntf_late_pmt_1',
  category: 'transactions',
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
