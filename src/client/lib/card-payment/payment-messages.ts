import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentCode } from '../../../domain/payments.ts';

/** SPEC §8 payment codes, each as the customer reads it. */
export const PAYMENT_MESSAGES: Readonly<Record<PaymentCode, MessageDescriptor>> = {
  approved: msg`Your payment was approved.`,
  unknown_error: msg`We could not complete your payment. Contact Customer Support.`,
  general_problem_with_payment_try_again: msg`There was a problem with your payment. Try again, and do not leave or refresh this page.`,
  payment_was_declined_by_bank: msg`Your payment was declined by your bank. Contact your bank or card issuer, or use another card.`,
  payment_was_declined_try_again: msg`Your payment was declined. Check the expiry date and security code, then try again.`,
  we_do_not_accept_this_card_type: msg`We do not accept this card type. Use a Visa or Mastercard.`,
  payment_was_not_authorised: msg`Your payment was not authorised. Check your 3-D Secure details with your bank, then try again.`,
  insufficient_funds: msg`There are not enough funds on this card. Use another card.`,
  invalid_card_number: msg`The card number is invalid. Check it and try again.`,
  card_has_expired: msg`Your card has expired. Use another card.`,
  incorrect_account_id: msg`We could not match this payment to your account. Contact Customer Support.`,
  unauthorized: msg`You have been signed out. Sign in again, then pay for your transfer.`,
  bank_link_cancelled: msg`Bank link cancelled. You cancelled the payment at your bank, so no money was taken.`,
  bank_link_insufficient_funds: msg`Your bank refused the payment: there is not enough money in the account. No money was taken.`,
};
