import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import type { StatusLabelKey } from '../../../domain/transfers.ts';

/** The groups the transfers list filters by, from the SPEC §4 status labels. */
export const STATUS_FILTERS = ['all', 'in_progress', 'completed', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const GROUP_OF: Readonly<Record<StatusLabelKey, Exclude<StatusFilter, 'all'>>> = {
  waiting_for_payment: 'in_progress',
  processing: 'in_progress',
  sent_for_pay: 'in_progress',
  ready_for_pickup: 'in_progress',
  completed: 'completed',
  canceled: 'ended',
  rejected: 'ended',
};

export const STATUS_FILTER_NAMES: Readonly<Record<StatusFilter, MessageDescriptor>> = {
  all: msg`All`,
  in_progress: msg`In progress`,
  completed: msg`Completed`,
  ended: msg`Cancelled or rejected`,
};

/** The transfers in a status group whose recipient name or reference holds `search` (any letter case). */
export function filterTransfers(
  transfers: readonly TransferSummary[],
  status: StatusFilter,
  search: string,
): TransferSummary[] {
  const needle = search.trim().toLocaleLowerCase();
  return transfers.filter(
    (t) =>
      (status === 'all' || GROUP_OF[t.status_label] === status) &&
      (needle === '' ||
        t.beneficiary.name.toLocaleLowerCase().includes(needle) ||
        t.trans_ref.toLocaleLowerCase().includes(needle)),
  );
}
