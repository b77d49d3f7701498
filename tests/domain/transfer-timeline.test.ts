import { describe, expect, it } from 'vitest';
import { type TimelineStep, transferTimeline } from '../../src/domain/transfer-timeline.ts';

type Row = Parameters<typeof transferTimeline>[0]['events'][number];
const row = (event: Row['event'], at: string, extra: Partial<Row> = {}): Row => ({
  event,
  at,
  reason: null,
  refund_to: null,
  ...extra,
});
const kinds = (steps: TimelineStep[]) => steps.map((s) => `${s.kind}${s.at === null ? ' (ahead)' : ''}`);

describe('a transfer’s timeline', () => {
  it('shows what happened with its time, then the steps still ahead without one', () => {
    const steps = transferTimeline({
      status: 'PENDING',
      trans_type: 'mobile',
      events: [row('created', 't1'), row('payment_approved', 't2')],
    });
    expect(kinds(steps)).toEqual(['created', 'paid', 'sent (ahead)', 'paid_out (ahead)']);
    expect(steps[1]?.at).toBe('t2');
  });

  it('says a cash transfer is available for pickup, then picked up', () => {
    const events = [row('created', 't1'), row('payment_approved', 't2'), row('partner_accepted', 't3')];
    expect(kinds(transferTimeline({ status: 'SENT', trans_type: 'cash', events }))).toEqual([
      'created',
      'paid',
      'ready_for_pickup',
      'picked_up (ahead)',
    ]);
    const paid = [...events, row('partner_paid', 't4')];
    expect(kinds(transferTimeline({ status: 'PAID', trans_type: 'cash', events: paid }))).toEqual([
      'created',
      'paid',
      'ready_for_pickup',
      'picked_up',
    ]);
  });

  it('ends a rejected transfer with the reason and where the refund went, and nothing ahead', () => {
    const steps = transferTimeline({
      status: 'CLOSED',
      trans_type: 'bank',
      events: [
        row('created', 't1'),
        row('payment_approved', 't2'),
        row('partner_accepted', 't3'),
        row('partner_rejected', 't4', { reason: 'recipient_details_mismatch', refund_to: 'wallet' }),
      ],
    });
    expect(kinds(steps)).toEqual(['created', 'paid', 'sent', 'rejected']);
    expect(steps.at(-1)).toEqual({
      kind: 'rejected',
      at: 't4',
      reason: 'recipient_details_mismatch',
      refundTo: 'wallet',
      outcome: null,
    });
  });

  it('keeps a change of payout details where it happened', () => {
    const steps = transferTimeline({
      status: 'SENT',
      trans_type: 'mobile',
      events: [
        row('created', 't1'),
        row('payment_approved', 't2'),
        row('partner_accepted', 't3'),
        row('payout_details_updated', 't4', { reason: 'customer_request' }),
      ],
    });
    expect(kinds(steps)).toEqual(['created', 'paid', 'sent', 'payout_details_updated', 'paid_out (ahead)']);
  });

  it('shows an unpaid transfer everything ahead, and a recalled or expired one nothing more', () => {
    expect(
      kinds(transferTimeline({ status: 'AWAITING', trans_type: 'wallet', events: [row('created', 't1')] })),
    ).toEqual(['created', 'paid (ahead)', 'sent (ahead)', 'paid_out (ahead)']);
    const recalled = transferTimeline({
      status: 'CLOSED',
      trans_type: 'mobile',
      events: [
        row('created', 't1'),
        row('payment_approved', 't2'),
        row('recalled', 't3', { reason: 'customer_request', refund_to: 'card' }),
      ],
    });
    expect(kinds(recalled)).toEqual(['created', 'paid', 'recalled']);
    expect(recalled.at(-1)?.refundTo).toBe('card');
    const expired = [row('created', 't1'), row('expired', 't2', { reason: 'unpaid_in_time' })];
    expect(kinds(transferTimeline({ status: 'CLOSED', trans_type: 'mobile', events: expired }))).toEqual([
      'created',
      'expired',
    ]);
  });

  it('places a reported problem’s moves among the transfer’s steps by time, with its outcome', () => {
    const events = [row('created', '2026-01-01T10:00'), row('payment_approved', '2026-01-01T10:01')];
    const steps = transferTimeline(
      { status: 'PAID', trans_type: 'mobile', events: [...events, row('partner_paid', '2026-01-01T10:05')] },
      {
        opened_at: '2026-01-01T10:02',
        under_review_at: '2026-01-01T10:06',
        resolved_at: '2026-01-01T10:07',
        outcome: 'no_error',
      },
    );
    expect(kinds(steps)).toEqual([
      'created',
      'paid',
      'problem_reported',
      'paid_out',
      'problem_under_review',
      'problem_resolved',
    ]);
    expect(steps.at(-1)?.outcome).toBe('no_error');
  });
});
