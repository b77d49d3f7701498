import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VerificationTask } from '../../../domain/contract/user.ts';
import type {
  ADDRESS_PROOF_TYPES,
  FUNDS_PROOF_TYPES,
  IdentityDocumentType,
} from '../../../domain/identity-documents.ts';
import type { DocumentKind } from '../../../domain/verification-machine.ts';

/** What each item of "What we need from you" is called, and why the law asks for it, in plain words. */
export const TASK_TEXTS: Record<VerificationTask['item'], { title: MessageDescriptor; why: MessageDescriptor }> = {
  identity_checks: {
    title: msg`Your name, date of birth and address`,
    why: msg`The law asks every money transfer service to know who its customers are. We check your details against official records and sanctions lists.`,
  },
  identity: {
    title: msg`Proof of identity`,
    why: msg`We could not confirm who you are from records alone. A photo of your passport, ID card or driving licence and a selfie show that you are you.`,
  },
  address: {
    title: msg`Proof of address`,
    why: msg`We could not confirm where you live. A bill or statement from the last 3 months with your name and this address shows it.`,
  },
  source_of_funds: {
    title: msg`Proof of source of funds`,
    why: msg`Above a yearly total the law asks where the money you send comes from. A pay slip, bank statement or tax return shows it.`,
  },
};

/** Why a document the ladder asks for next (not asked for yet) will be needed. */
export const AHEAD_WHY: Record<DocumentKind, MessageDescriptor> = {
  identity: msg`Above a yearly total the law asks for a photo of your passport, ID card or driving licence and a selfie.`,
  address: msg`Above a yearly total the law asks for a bill or statement from the last 3 months with your name and address.`,
  source_of_funds: TASK_TEXTS.source_of_funds.why,
};

/** When each check or document is asked for, as /verification tells a visitor before they register. */
export const WHEN_ASKED: Record<VerificationTask['item'], MessageDescriptor> = {
  identity_checks: msg`Everyone: we check your name, date of birth and address against official records and sanctions lists.`,
  identity: msg`Only if records cannot confirm who you are: a photo of an identity document and a selfie.`,
  address: msg`Only if records cannot confirm your address: a bill or statement from the last 3 months.`,
  source_of_funds: msg`Only above a yearly total: proof of where the money comes from, such as a pay slip.`,
};

export const TASK_STATE_TEXTS: Record<VerificationTask['state'], MessageDescriptor> = {
  to_do: msg`To do`,
  checking: msg`Checking`,
  done: msg`Done`,
  rejected: msg`Not accepted`,
};

/** What a good photo or scan looks like, per document. */
export const PHOTO_TIPS: Record<DocumentKind, MessageDescriptor> = {
  identity: msg`Lay the document flat in good light, all four corners in view, no glare. For the selfie, face the camera without glasses or a hat.`,
  address: msg`The whole page, with your name, your address and the date readable. A PDF from your bank or supplier is best.`,
  source_of_funds: msg`Every page that shows your name, the amounts and the dates. Up to 10 files.`,
};

export const DOCUMENT_TYPE_TEXTS: Record<
  IdentityDocumentType | (typeof ADDRESS_PROOF_TYPES)[number] | (typeof FUNDS_PROOF_TYPES)[number],
  MessageDescriptor
> = {
  Passport: msg`Passport`,
  ID: msg`National ID card`,
  DriversLicense: msg`Driving licence`,
  utility_bill: msg`Utility bill`,
  bank_statement: msg`Bank statement`,
  credit_card_statement: msg`Credit card statement`,
  mortgage_or_lease_statement: msg`Mortgage or lease statement`,
  tax_return: msg`Tax return`,
  lease_agreement: msg`Lease agreement`,
  pay_stub: msg`Pay slip`,
  brokerage_statement: msg`Brokerage statement`,
  retirement_statement: msg`Pension statement`,
  superannuation_statement: msg`Superannuation statement`,
  loan_application: msg`Loan agreement`,
  other: msg`Other proof`,
};

/** The file fields of the upload and what each asks for. */
export const FILE_FIELD_TEXTS = {
  scan1: msg`Front of the document`,
  scan2: msg`Back of the document`,
  selfie: msg`Selfie`,
  'scans[]': msg`Files`,
} as const;
