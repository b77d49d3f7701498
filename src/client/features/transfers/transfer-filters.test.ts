import { describe, expect, it } from 'vitest';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { filterTransfers } from './transfer-filters.ts';

const transfer = (trans_ref: string, name: string, status_label: TransferSummary['status_label']) =>
  ({ trans_ref, status_label, beneficiary: { id: 'ben_1', name } }) as TransferSummary;

const list = [
  transfer('SR0000000A', 'Amina Otieno', 'processing'),
  transfer('SR0000000B', 'Hodan Warsame', 'completed'),
  transfer('SR0000000C', 'Amina Otieno', 'rejected'),
  transfer('SR0000000D', 'Ravi Kumar', 'ready_for_pickup'),
  transfer('SR0000000E', 'Ravi Kumar', 'canceled'),
];
const refs = (found: TransferSummary[]) => found.map((t) => t.trans_ref.slice(-1));

describe('filtering the transfers list', () => {
  it('groups the status labels: in progress, completed, cancelled or rejected', () => {
    expect(refs(filterTransfers(list, 'all', ''))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(refs(filterTransfers(list, 'in_progress', ''))).toEqual(['A', 'D']);
    expect(refs(filterTransfers(list, 'completed', ''))).toEqual(['B']);
    expect(refs(filterTransfers(list, 'ended', ''))).toEqual(['C', 'E']);
  });

  it('finds by recipient name or reference in any letter case, within the status chosen', () => {
    expect(refs(filterTransfers(list, 'all', '  amina '))).toEqual(['A', 'C']);
    expect(refs(filterTransfers(list, 'all', 'sr0000000d'))).toEqual(['D']);
    expect(refs(filterTransfers(list, 'ended', 'ravi'))).toEqual(['E']);
    expect(filterTransfers(list, 'completed', 'ravi')).toEqual([]);
  });
});
