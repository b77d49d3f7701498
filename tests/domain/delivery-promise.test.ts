import { describe, expect, it } from 'vitest';
import { brokePromise, promisedBy } from '../../src/domain/delivery-promise.ts';
import { transferTimeline } from '../../src/domain/transfer-timeline.ts';

describe('the delivery promise', () => {
  const funded = new Date('2026-11-30T23:30:00Z');

  it('promises the hours after the payment, across a day and month boundary', () => {
    expect(promisedBy(funded, 1).toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(promisedBy(funded, 72).toISOString()).toBe('2026-12-03T23:30:00.000Z');
  });

  it('is kept on the promised instant and broken a millisecond after', () => {
    expect(brokePromise(funded, new Date('2026-12-01T00:29:59.999Z'), 1)).toBe(false);
    expect(brokePromise(funded, new Date('2026-12-01T00:30:00.000Z'), 1)).toBe(false);
    expect(brokePromise(funded, new Date('2026-12-01T00:30:00.001Z'), 1)).toBe(true);
  });

  it('shows on the timeline after the payout, with the recipient told, entering no status', () => {
    const row = (event: Parameters<typeof transferTimeline>[0]['events'][number]['event'], at: string) => ({
      event,
      at,
      reason: null,
      refund_to: null,
    });
    const steps = transferTimeline({
      status: 'PAID',
      trans_type: 'cash',
      events: [
        row('created', 't1'),
        row('payment_approved', 't2'),
        row('partner_accepted', 't3'),
        row('recipient_told', 't4'),
        row('partner_paid', 't5'),
        row('late_fee_refunded', 't6'),
      ],
    });
    expect(steps.map((s) => s.kind)).toEqual([
      'created',
      'paid',
      'ready_for_pickup',
      'recipient_told',
      'picked_up',
      'late_fee_refunded',
    ]);
  });
});
