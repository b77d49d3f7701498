/** The main API's base path: SPEC §7 paths are relative to it. */
export const API = '/api/main';

/** Valid create bodies, one per seeded corridor. */
export const KENYA_MOBILE = {
  destination_country: 'KE',
  payout_type: 'mobile',
  destination_currency: 'KES',
  values: {
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    mobile: '0712 345 678',
    mobile_network_code: 'MPESA',
    relationship: 'sibling',
    purpose_of_transaction: 'family_support',
  },
};

export const SOMALIA_CASH = {
  destination_country: 'SO',
  payout_type: 'cash',
  destination_currency: 'USD',
  values: {
    first_name: 'Hodan',
    middle_name: 'Abdi',
    last_name: 'Warsame',
    mobile: '+252 61 234 5678',
    collection_point_code: 'MGQ-BKR',
    relationship: 'parent',
    purpose_of_transaction: 'medical_support',
  },
};

export const SOMALIA_MOBILE = {
  destination_country: 'SO',
  payout_type: 'mobile',
  destination_currency: 'USD',
  values: {
    first_name: 'Ayaan',
    middle_name: 'Mohamed',
    last_name: 'Farah',
    mobile_network_code: 'EDH',
    mobile_wallet_number: '0651234567',
    relationship: 'friend',
    purpose_of_transaction: 'gift',
  },
};

export const SOMALIA_BANK = {
  destination_country: 'SO',
  payout_type: 'bank',
  destination_currency: 'USD',
  values: {
    first_name: 'Ahmed',
    middle_name: 'Ali',
    last_name: 'Jama',
    iban: 'SO21 1000 0010 0100 0100 141',
    relationship: 'business',
    purpose_of_transaction: 'property_rental',
  },
};

export const INDIA_BANK = {
  destination_country: 'IN',
  payout_type: 'bank',
  destination_currency: 'INR',
  values: {
    first_name: 'Priya',
    last_name: 'Sharma',
    account_number: '123456789012',
    bank_code: 'SBIN',
    ifsc: 'SBIN0001234',
    relationship: 'child',
    purpose_of_transaction: 'education',
  },
};

/** A create body with some values replaced (or removed, with undefined). */
export function withValues<T extends { values: Record<string, string> }>(
  body: T,
  changes: Record<string, string | undefined>,
): T {
  const values: Record<string, string> = { ...body.values };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete values[name];
    else values[name] = value;
  }
  return { ...body, values };
}

/**
 * A create or update body as the recipient form sends it: the mobile number typed a second time (SPEC §9
 * confirm-mobile; the server asks for it of a mobile-money recipient's new or changed number, and reads it of no other).
 */
export function typedTwice<B extends { values: Record<string, unknown> }>(
  body: B,
): B & { mobile_confirmation?: string } {
  const number = body.values.mobile_wallet_number ?? body.values.mobile;
  return typeof number === 'string' ? { ...body, mobile_confirmation: number } : body;
}
