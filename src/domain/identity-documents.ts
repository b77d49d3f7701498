/**
 * What each kind of verification document may be (SPEC §3 "Verification
 * document info", "Proof documents") and the file rules of each (SPEC §9
 * "Files"): pure data the upload call and its screen share.
 */
import type { DocumentKind } from './verification-machine.ts';

export const IDENTITY_DOCUMENT_TYPES = ['Passport', 'ID', 'DriversLicense'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** Proof of address: something under three months old carrying the customer's name and address. */
export const ADDRESS_PROOF_TYPES = [
  'utility_bill',
  'bank_statement',
  'credit_card_statement',
  'mortgage_or_lease_statement',
  'tax_return',
  'lease_agreement',
] as const;

/** Proof of where the money comes from. */
export const FUNDS_PROOF_TYPES = [
  'pay_stub',
  'bank_statement',
  'tax_return',
  'brokerage_statement',
  'retirement_statement',
  'superannuation_statement',
  'loan_application',
  'other',
] as const;

export const DOCUMENT_TYPES: Readonly<Record<DocumentKind, readonly string[]>> = {
  identity: IDENTITY_DOCUMENT_TYPES,
  address: ADDRESS_PROOF_TYPES,
  source_of_funds: FUNDS_PROOF_TYPES,
};

const MB = 1024 * 1024;

/** SPEC §9: 4 MB for an identity or address file; up to 10 funds files of 0.45 MB. */
export const FILE_RULES: Readonly<Record<DocumentKind, { maxBytes: number; maxFiles: number }>> = {
  identity: { maxBytes: 4 * MB, maxFiles: 3 },
  address: { maxBytes: 4 * MB, maxFiles: 1 },
  source_of_funds: { maxBytes: Math.round(0.45 * MB), maxFiles: 10 },
};

/** The largest upload body any kind allows, with room for the form's boundaries and text fields. */
export const UPLOAD_BODY_MAX_BYTES =
  Math.max(...Object.values(FILE_RULES).map(({ maxBytes, maxFiles }) => maxBytes * maxFiles)) + 64 * 1024;

export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** Which sides an identity document needs (SPEC §4: a passport has no back side). */
export interface IdentityDocumentInfo {
  document_type: IdentityDocumentType;
  frontImage: boolean;
  backImage: boolean;
  selfie: boolean;
}

const INFO: Readonly<Record<IdentityDocumentType, IdentityDocumentInfo>> = {
  Passport: { document_type: 'Passport', frontImage: true, backImage: false, selfie: true },
  ID: { document_type: 'ID', frontImage: true, backImage: true, selfie: true },
  DriversLicense: { document_type: 'DriversLicense', frontImage: true, backImage: true, selfie: true },
};

/**
 * Countries that issue no national identity card, so only a passport or a
 * driving licence proves who the customer is. The US and Canada take a
 * state or provincial licence; a US state ID card counts as an ID.
 */
const NO_NATIONAL_ID: ReadonlySet<string> = new Set(['GB', 'CA', 'IE', 'AU', 'NZ', 'DK']);

/**
 * The identity documents accepted from a country of residence, given as an
 * ISO code (`SE`) or, for the US and Canada, a subdivision (`US-CA`,
 * `CA-ON`): a subdivision takes its country's list.
 */
export function acceptedIdentityDocuments(isoCode: string): IdentityDocumentInfo[] {
  const country = isoCode.slice(0, 2).toUpperCase();
  return IDENTITY_DOCUMENT_TYPES.filter((type) => type !== 'ID' || !NO_NATIONAL_ID.has(country)).map(
    (type) => INFO[type],
  );
}

/** The sides an identity document needs, by its type. */
export const identityDocumentInfo = (type: IdentityDocumentType): IdentityDocumentInfo => INFO[type];
