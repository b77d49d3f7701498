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
 * transfer to it needs it. These are the sandbox bank's accounts. Where the
 * country's banks use a domestic account (sort code, routing, transit), its
 * fields are given in the order a customer types them:
 */
const DOMESTIC_ACCOUNTS: Readonly<Record<string, CollectionAccount>> = {
  GBP: {
    bankName: 'Sandbox Bank UK',
    account: [
      { field: 'sort_code', value: '04-00-75' },
      { field: 'account_number', value: '18273645' },
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

/** Everywhere else an IBAN and its BIC: one row per currency. */
const IBAN_ACCOUNTS: ReadonlyArray<readonly [currency: string, bankName: string, iban: string, bic: string]> = [
  ['EUR', 'Sandbox Bank Europe', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX'],
  ['SEK', 'Sandbox Bank Sverige', 'SE45 5000 0000 0583 9825 7466', 'ESSESESS'],
  ['NOK', 'Sandbox Bank Norge', 'NO93 8601 1117 947', 'DNBANOKK'],
  ['DKK', 'Sandbox Bank Danmark', 'DK50 0040 0440 1162 43', 'DABADKKK'],
  ['PLN', 'Sandbox Bank Polska', 'PL61 1090 1014 0000 0712 1981 2874', 'WBKPPLPP'],
  ['CHF', 'Sandbox Bank Schweiz', 'CH93 0076 2011 6238 5295 7', 'POFICHBE'],
];

const COLLECTION_ACCOUNTS: Readonly<Record<string, CollectionAccount>> = {
  ...DOMESTIC_ACCOUNTS,
  ...Object.fromEntries(
    IBAN_ACCOUNTS.map(([currency, bankName, iban, bic]) => [
      currency,
      {
        bankName,
        account: [
          { field: 'iban', value: iban },
          { field: 'bic', value: bic },
        ],
      },
    ]),
  ),
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
