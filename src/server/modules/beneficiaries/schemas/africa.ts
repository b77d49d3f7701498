import { bankAccountForm, cashPickupForm, mobileMoneyForm } from './common-forms.ts';

/** Ethiopia, birr: bank accounts (10 to 16 digits: CBE's are 13), agent cash pickup, telebirr and M-PESA. */
export const ETHIOPIA_BANK = bankAccountForm('ET', 'ETB', { min: 10, max: 16 });
export const ETHIOPIA_CASH = cashPickupForm('ET', 'ETB');
export const ETHIOPIA_MOBILE = mobileMoneyForm('ET', 'ETB', 'mobile');

/** Uganda, shillings: MTN Mobile Money and Airtel Money first, bank accounts of 9 to 16 digits. */
export const UGANDA_MOBILE = mobileMoneyForm('UG', 'UGX', 'mobile');
export const UGANDA_BANK = bankAccountForm('UG', 'UGX', { min: 9, max: 16 });

/** Nigeria, naira: a NUBAN account number is exactly 10 digits; cash at agent points. */
export const NIGERIA_BANK = bankAccountForm('NG', 'NGN', { min: 10, max: 10 });
export const NIGERIA_CASH = cashPickupForm('NG', 'NGN');
