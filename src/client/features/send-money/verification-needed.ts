import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LADDER_STEPS, type LadderStep } from '../../../domain/verification-ladder.ts';

export const isLadderStep = (value: string): value is LadderStep => (LADDER_STEPS as readonly string[]).includes(value);

/** What a transfer refused with VerificationRequired waits for, by the ladder step its `property_path` names. */
export const VERIFICATION_NEEDED: Record<LadderStep, MessageDescriptor> = {
  identity_checks: msg`Before this transfer we need to confirm who you are, as the law asks. Your profile shows what is still open.`,
  identity_document: msg`To send this much this year the law asks for a photo of your passport, ID card or driving licence. Upload it from your profile; checking it usually takes a few minutes. Your transfer waits here.`,
  source_of_funds: msg`To send this much this year the law asks where the money comes from. Upload proof of your source of funds, such as a pay slip, from your profile. Your transfer waits here.`,
};
