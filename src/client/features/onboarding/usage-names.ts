import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PurposeOfAccount, ReasonOfUsage } from '../../../domain/remitter.ts';

/** The reasons of usage as SPEC §2 lists them. */
export const REASON_NAMES: Record<ReasonOfUsage, MessageDescriptor> = {
  family_support: msg`Family support`,
  goods_and_services: msg`Goods and services`,
  investing: msg`Investing`,
  bills: msg`Bills`,
  loan_mortgage: msg`Loan or mortgage`,
  savings: msg`Savings`,
  salary: msg`Salary`,
};

/** The purposes of account the API offers, by code; a code this version does not know shows the API's name. */
export const PURPOSE_NAMES: Record<PurposeOfAccount, MessageDescriptor> = {
  family_and_friends: msg`Sending money to family and friends`,
  own_accounts: msg`Moving money between my own accounts`,
  education: msg`Paying for education abroad`,
  medical: msg`Paying for medical care abroad`,
  property: msg`Buying or renting property abroad`,
  business: msg`Paying suppliers or business partners`,
};
