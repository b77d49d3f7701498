import { get } from 'idb-keyval';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { QUOTED_DRAFT as QUOTED } from './draft-fixtures.ts';
import {
  clearSendMoneyDraft,
  loadSendMoneyDraft,
  SEND_MONEY_DRAFT_KEY,
  type SendMoneyDraft,
  updateSendMoneyDraft,
  withQuote,
} from './send-money-draft.ts';
import { missingStep } from './step-guards.ts';
import { withTransferKey } from './transfer-request.ts';

describe('send-money steps', () => {
  it('sends a screen opened out of order back to the first step still missing', () => {
    expect(missingStep({ version: 1 }, 'self-info')).toBe('/send-money/quote');
    expect(missingStep(QUOTED, 'self-info')).toBeNull();
    expect(missingStep(QUOTED, 'recipient')).toBe('/send-money/self-info');
    const confirmed = { ...QUOTED, senderConfirmed: true };
    expect(missingStep(confirmed, 'new-recipient-details')).toBeNull();
    expect(missingStep(confirmed, 'recipient-details')).toBe('/send-money/recipient');
    expect(missingStep({ ...confirmed, beneficiaryId: 'ben_1' }, 'recipient-details')).toBeNull();
  });

  it('forgets the recipient when the destination changes, and keeps them for a new quote to the same place', () => {
    const chosen: SendMoneyDraft = { ...QUOTED, beneficiaryId: 'ben_1', purpose: 'gift' };
    const again = withQuote(chosen, {
      destination: { country: 'KE', payoutType: 'mobile' },
      amount: { value: '50', type: 'SOURCE' },
    });
    expect(again).toMatchObject({ beneficiaryId: 'ben_1', purpose: 'gift', amount: { value: '50' } });
    const elsewhere = withQuote(chosen, {
      destination: { country: 'SO', payoutType: 'cash' },
      amount: { value: '50', type: 'SOURCE' },
    });
    expect(elsewhere.beneficiaryId).toBeUndefined();
    expect(elsewhere.purpose).toBeUndefined();
  });
});

describe('creating the transfer', () => {
  const request = { quote_id: 'q_1', beneficiary_id: 'ben_1', purpose_of_transaction: 'gift' as const };

  it('sends the same Idempotency-Key again for the same request, so a retry never makes a second transfer', () => {
    let made = 0;
    const newKey = () => `key-${++made}`;
    const first = withTransferKey(QUOTED, request, newKey);
    if (!first.transfer) throw new Error('no key was made');
    const retry = withTransferKey(
      { ...first, transfer: { ...first.transfer, transRef: 'SR0000000A' } },
      request,
      newKey,
    );
    expect(retry.transfer?.idempotencyKey).toBe('key-1');
    expect(retry.transfer?.transRef).toBe('SR0000000A');
    const changed = withTransferKey(first, { ...request, purpose_of_transaction: 'education' }, newKey);
    expect(changed.transfer?.idempotencyKey).toBe('key-2');
    expect(changed.transfer?.transRef).toBeUndefined();
  });
});

describe('the draft in IndexedDB', () => {
  it('survives a reload, is checked when read back, and is gone once cleared', async () => {
    await updateSendMoneyDraft(() => QUOTED, createStore());
    expect(await get(SEND_MONEY_DRAFT_KEY)).toEqual(QUOTED);
    expect(await loadSendMoneyDraft(createStore())).toEqual(QUOTED);

    await clearSendMoneyDraft(createStore());
    expect(await get(SEND_MONEY_DRAFT_KEY)).toBeUndefined();
  });

  it('reads a draft of another shape as a fresh one', async () => {
    const { set } = await import('idb-keyval');
    await set(SEND_MONEY_DRAFT_KEY, { version: 99, quote: 'tampered' });
    expect(await loadSendMoneyDraft(createStore())).toEqual({ version: 1 });
  });
});
