import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { PURPOSES_OF_TRANSACTION, type PurposeOfTransaction } from '../../../domain/purposes.ts';
import type { AppStore } from '../../lib/session/app-store.ts';
import { updateSendMoneyDraft } from './send-money-draft.ts';

export function isPurpose(value: string | null | undefined): value is PurposeOfTransaction {
  return typeof value === 'string' && (PURPOSES_OF_TRANSACTION as readonly string[]).includes(value);
}

/** Send this transfer to `recipient`; the purpose starts as the one saved with them. */
export function chooseRecipient(store: AppStore, recipient: Beneficiary) {
  const saved = recipient.values.purpose_of_transaction;
  return updateSendMoneyDraft(
    (draft) => ({
      ...draft,
      beneficiaryId: recipient.id,
      purpose: isPurpose(saved) ? saved : draft.purpose,
    }),
    store,
  );
}
