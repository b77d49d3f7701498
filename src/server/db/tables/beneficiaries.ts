import type { Generated, JSONColumnType } from 'kysely';
import type { HolderName } from '../../../domain/account-check.ts';
import type { StoredPayoutCard } from '../../../domain/payout-cards.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/**
 * A customer's recipient. Names are columns (the list sorts and shows them);
 * every other value of the corridor's schema is in `fields`. Deleting sets
 * `deleted_at`, so transfers made to the recipient keep what they point at.
 */
export interface BeneficiariesTable {
  /** `ben_…` */
  id: string;
  customer_id: string;
  country_iso2: string;
  payout_type: PayoutType;
  currency_iso3: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** the schema's values other than the names, canonical (E.164 phones, compact IBANs) */
  fields: JSONColumnType<Record<string, string>>;
  /** where the money goes, as the list shows it (network, bank or collection point and a masked number) */
  payout_label: string;
  /** sha256 of the corridor and the values that identify the payout account: one live recipient per account */
  fingerprint: string;
  /** a card recipient's card as the card payout gateway shows it; null for every other payout type */
  payout_card: JSONColumnType<StoredPayoutCard | null, string | null, string | null>;
  /** the customer chose to have the recipient told by SMS (on their mobile number) when the money is there */
  notify_by_sms: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** Mobile-money networks a mobile payout can go to (data source `mobile-networks`). */
export interface PayoutMobileNetworksTable {
  country_iso2: string;
  code: string;
  name: string;
  active: boolean;
}

/** Agent points a cash payout can be collected at (data source `collection-points`). */
export interface PayoutCollectionPointsTable {
  country_iso2: string;
  code: string;
  name: string;
  city: string;
  address: string;
  active: boolean;
}

/** Banks a bank payout can go to (data source `banks`); `code` is the country's bank identifier. */
export interface PayoutBanksTable {
  country_iso2: string;
  code: string;
  name: string;
  active: boolean;
}

/** An account lookup's answer, kept for its customer (migration 0046); an unavailable provider is never kept. */
export interface AccountChecksTable {
  id: Generated<string>;
  customer_id: string;
  /** sha256 of the corridor, the account and the holder's name as given */
  fingerprint: string;
  result: 'match' | 'close_match' | 'no_match' | 'account_not_found' | 'account_restricted' | 'currency_mismatch';
  /** the holder's name as registered, for a close match */
  registered_name: JSONColumnType<HolderName | null, string | null, string | null>;
  created_at: Date;
}

export interface BeneficiaryTables {
  beneficiaries: BeneficiariesTable;
  payout_mobile_networks: PayoutMobileNetworksTable;
  payout_collection_points: PayoutCollectionPointsTable;
  payout_banks: PayoutBanksTable;
  account_checks: AccountChecksTable;
}
