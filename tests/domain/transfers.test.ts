import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYOUT_TYPES } from '../../src/domain/payout-types.ts';
import {
  isTerminal,
  REFERENCE_ALPHABET,
  STATUS_LABEL_KEYS,
  STATUS_LABEL_TEXTS,
  statusLabel,
  TRANSFER_EVENTS,
  TRANSFER_REFERENCE,
  TRANSFER_STATUSES,
  TRANSFER_TRANSITIONS,
  type TransferStatus,
  transition,
} from '../../src/domain/transfers.ts';

describe('transfer transitions', () => {
  it.each([
    ['AWAITING', 'payment_approved', 'PENDING', null],
    ['AWAITING', 'cancelled', 'CLOSED', 'cancelled'],
    ['AWAITING', 'expired', 'CLOSED', 'expired'],
    ['PENDING', 'partner_accepted', 'SENT', null],
    ['PENDING', 'partner_rejected', 'CLOSED', 'rejected'],
    ['SENT', 'partner_paid', 'PAID', null],
    ['SENT', 'partner_rejected', 'CLOSED', 'rejected'],
  ] as const)('%s --%s--> %s', (from, event, to, closeReason) => {
    expect(transition(from, event)).toEqual({ ok: true, to, closeReason });
  });

  it.each([
    ['AWAITING', 'partner_paid', 'A transfer in status AWAITING cannot be paid out'],
    ['PENDING', 'payment_approved', 'A transfer in status PENDING cannot be paid'],
    ['SENT', 'cancelled', 'A transfer in status SENT cannot be cancelled'],
    ['PAID', 'partner_rejected', 'A transfer in status PAID cannot be rejected by the payout partner'],
    ['CLOSED', 'payment_approved', 'A transfer in status CLOSED cannot be paid'],
  ] as const)('refuses %s --%s-->', (from, event, refusal) => {
    expect(transition(from, event)).toEqual({ ok: false, refusal });
  });

  it('lets no transfer be paid for twice or skip the payout partner', () => {
    for (const status of TRANSFER_STATUSES) {
      if (status !== 'AWAITING') expect(transition(status, 'payment_approved').ok).toBe(false);
    }
    expect(transition('PENDING', 'partner_paid').ok).toBe(false);
    expect(transition('AWAITING', 'partner_accepted').ok).toBe(false);
  });

  it('only PAID and CLOSED are terminal', () => {
    expect(TRANSFER_STATUSES.filter(isTerminal)).toEqual(['PAID', 'CLOSED']);
  });

  const events = fc.array(fc.constantFrom(...TRANSFER_EVENTS), { maxLength: 30 });

  it('under any sequence of events, only transitions of the table happen', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRANSFER_STATUSES), events, (start, sequence) => {
        let status: TransferStatus = start;
        for (const event of sequence) {
          const result = transition(status, event);
          const listed = TRANSFER_TRANSITIONS[status][event];
          if (result.ok) {
            expect(result.to).toBe(listed);
            expect(result.closeReason === null).toBe(result.to !== 'CLOSED');
            status = result.to;
          } else {
            expect(listed).toBeUndefined();
            expect(result.refusal).toMatch(/^A transfer in status [A-Z]+ cannot be /);
          }
        }
      }),
    );
  });

  it('once PAID or CLOSED, every further event is refused', () => {
    fc.assert(
      fc.property(fc.constantFrom<TransferStatus>('PAID', 'CLOSED'), events, (terminal, sequence) => {
        for (const event of sequence) expect(transition(terminal, event).ok).toBe(false);
      }),
    );
  });

  it('a transfer never goes back: each step moves forward along AWAITING, PENDING, SENT, PAID/CLOSED', () => {
    const rank: Record<TransferStatus, number> = { AWAITING: 0, PENDING: 1, SENT: 2, PAID: 3, CLOSED: 3 };
    fc.assert(
      fc.property(events, (sequence) => {
        let status: TransferStatus = 'AWAITING';
        for (const event of sequence) {
          const result = transition(status, event);
          if (!result.ok) continue;
          expect(rank[result.to]).toBeGreaterThan(rank[status]);
          status = result.to;
        }
      }),
    );
  });
});

describe('status labels', () => {
  it.each([
    ['AWAITING', 'mobile', null, 'waiting_for_payment'],
    ['PENDING', 'bank', null, 'processing'],
    ['SENT', 'mobile', null, 'sent_for_pay'],
    ['SENT', 'bank', null, 'sent_for_pay'],
    ['SENT', 'cash', null, 'ready_for_pickup'],
    ['PAID', 'cash', null, 'completed'],
    ['CLOSED', 'mobile', 'rejected', 'rejected'],
    ['CLOSED', 'mobile', 'cancelled', 'canceled'],
    ['CLOSED', 'cash', 'expired', 'canceled'],
  ] as const)('%s %s (%s) reads %s', (status, payoutType, reason, key) => {
    expect(statusLabel(status, payoutType, reason)).toBe(key);
  });

  it('every status and payout type has a label with SPEC text', () => {
    for (const status of TRANSFER_STATUSES) {
      for (const payoutType of PAYOUT_TYPES) {
        const key = statusLabel(status, payoutType, status === 'CLOSED' ? 'rejected' : null);
        expect(STATUS_LABEL_KEYS).toContain(key);
        expect(STATUS_LABEL_TEXTS[key]).toMatch(/^[A-Z]/);
      }
    }
  });
});

describe('transfer references', () => {
  it('are SR and 8 characters of an alphabet without look-alikes', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(TRANSFER_REFERENCE.test('SR7K2M9QXA')).toBe(true);
    expect(TRANSFER_REFERENCE.test('SR7K2M9QXO')).toBe(false);
    expect(TRANSFER_REFERENCE.test('sr7k2m9qxa')).toBe(false);
    expect(TRANSFER_REFERENCE.test('SR7K2M9QX')).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REFERENCE_ALPHABET), { minLength: 8, maxLength: 8 }), (chars) => {
        expect(TRANSFER_REFERENCE.test(`SR${chars.join('')}`)).toBe(true);
      }),
    );
  });
});
