import type { BankDetailField, BankTransferInstructions } from '../../../domain/contract/transfers.ts';
import { formatMinor } from '../../../domain/money.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';

interface CollectionAccount {
  bankName: string;
  account: { field: BankDetailField; value: string }[];
}

const ACCOUNT_NAME = 'Sarraf Client Money';

/**
 * Our client-money account in each currency customers send in, as a bank
 * transfer to it needs it: a domestic account where the country's banks use
 * one (sort code, routing, transit), an IBAN elsewhere. These are the sandbox
 * bank's accounts.
 */
const COLLECTION_ACCOUNTS: Readonly<Record<string, CollectionAccount>> = {
  GBP: {
    bankName: 'Sandbox Bank UK',
    account: [
      { field: 'sort_code', value: '04-00-75' },
      { field: 'account_number', value: '18273645' },
    ],
  },
  EUR: {
    bankName: 'Sandbox Bank Europe',
    account: [
      { field: 'iban', value: 'DE89 3704 0044 0532 0130 00' },
      { field: 'bic', value: 'COBADEFFXXX' },
    ],
  },
  SEK: {
    bankName: 'Sandbox Bank Sverige',
    account: [
      { field: 'iban', value: 'SE45 5000 0000 0583 9825 7466' },
      { field: 'bic', value: 'ESSESESS' },
    ],
  },
  NOK: {
    bankName: 'Sandbox Bank Norge',
    account: [
      { field: 'iban', value: 'NO93 8601 1117 947' },
      { field: 'bic', value: 'DNBANOKK' },
    ],
  },
  DKK: {
    bankName: 'Sandbox Bank Danmark',
    account: [
      { field: 'iban', value: 'DK50 0040 0440 1162 43' },
      { field: 'bic', value: 'DABADKKK' },
    ],
  },
  PLN: {
    bankName: 'Sandbox Bank Polska',
    account: [
      { field: 'iban', value: 'PL61 1090 1014 0000 0712 1981 2874' },
      { field: 'bic', value: 'WBKPPLPP' },
    ],
  },
  CHF: {
    bankName: 'Sandbox Bank Schweiz',
    account: [
      { field: 'iban', value: 'CH93 0076 2011 6238 5295 7' },
      { field: 'bic', value: 'POFICHBE' },
    ],
  },
  CAD: {
    bankName: 'Sandbox Bank Canada',
    account: [
      { field: 'institution_number', value: '001' },
      { field: 'transit_number', value: '00011' },
      { field: 'account_number', value: '1234567' },
    ],
  },
  USD: {
    bankName: 'Sandbox Bank USA',
    account: [
      { field: 'routing_number', value: '021000021' },
      { field: 'account_number', value: '000123456789' },
    ],
  },
};

/** The currencies customers can pay in by bank transfer. */
export const COLLECTION_CURRENCIES = Object.keys(COLLECTION_ACCOUNTS);

/** Where and how to pay this transfer by bank transfer, while it waits for the money; null otherwise. */
export function bankTransferInstructions(row: TransferRow): BankTransferInstructions | null {
  const collection = COLLECTION_ACCOUNTS[row.source_currency];
  if (row.payment_type !== 'bank' || row.status !== 'AWAITING' || !collection) return null;
  return {
    account_name: ACCOUNT_NAME,
    bank_name: collection.bankName,
    account: collection.account,
    amount: formatMinor(row.total, row.source_currency),
    currency: row.source_currency,
    reference: row.trans_ref,
  };
}
