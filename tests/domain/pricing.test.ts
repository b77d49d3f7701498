import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertFeeSchedule,
  type CorridorLimits,
  customerRate,
  type FeeSchedule,
  feeFor,
  feeScheduleFromWire,
  feeScheduleToWire,
  type QuoteInput,
  quote,
  rateMarkup,
} from '../../src/domain/pricing.ts';

/** Minor-unit digits, written out here so the test does not lean on the code under test. */
const DIGITS = { GBP: 2, KES: 2, USD: 2, SEK: 2, JPY: 0, KWD: 3 } as const;
type Currency = keyof typeof DIGITS;
const currency = fc.constantFrom(...(Object.keys(DIGITS) as Currency[]));

/** A positive rate with up to 6 decimals, as a decimal string, with its digits and scale. */
const rate = fc
  .record({ units: fc.bigInt(1n, 10n ** 9n), scale: fc.integer({ min: 0, max: 6 }) })
  .map(({ units, scale }) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return { text, units, scale };
  });

const schedule: fc.Arbitrary<FeeSchedule> = fc
  .uniqueArray(fc.bigInt(1n, 10n ** 10n), { maxLength: 3 })
  .chain((bounds) => {
    const ups = [...bounds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return fc.tuple(
      ...[...ups, null].map((upTo) =>
        fc.record({ upTo: fc.constant(upTo), fixed: fc.bigInt(0n, 10_000n), bps: fc.bigInt(0n, 10_000n) }),
      ),
    );
  });

/** Wide enough that every generated amount is quoted (a tiny send at a rate below 1 may deliver 0). */
const OPEN_LIMITS: CorridorLimits = { minSend: 1n, maxSend: 10n ** 30n, minReceive: 0n, maxReceive: 10n ** 30n };

const input = fc.record({
  from: currency,
  to: currency,
  rate,
  feeSchedule: schedule,
  amount: fc.bigInt(1n, 10n ** 12n),
  amountType: fc.constantFrom('SOURCE' as const, 'DESTINATION' as const),
});

type ArbitraryValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

function quoteOf(i: ArbitraryValue<typeof input>, limits = OPEN_LIMITS) {
  const request: QuoteInput = {
    sourceCurrency: i.from,
    destinationCurrency: i.to,
    limits,
    rate: i.rate.text,
    feeSchedule: i.feeSchedule,
    amount: i.amount,
    amountType: i.amountType,
  };
  return quote(request);
}

/** send × rate in destination minor units, as the exact fraction numerator / denominator. */
function exactReceive(send: bigint, from: Currency, to: Currency, r: { units: bigint; scale: number }) {
  return { numerator: send * r.units * 10n ** BigInt(DIGITS[to]), denominator: 10n ** BigInt(DIGITS[from] + r.scale) };
}

describe('quote', () => {
  it('charges total = send + fee, a fee never negative, and holds every figure as a bigint', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = quoteOf(i);
        if (!result.ok) return false; // open limits: every amount is quoted
        const f = result.figures;
        expect(typeof f.sendAmount).toBe('bigint');
        expect(typeof f.fee).toBe('bigint');
        expect(typeof f.total).toBe('bigint');
        expect(typeof f.receiveAmount).toBe('bigint');
        expect(f.rate).toBe(i.rate.text);
        expect(f.total).toBe(f.sendAmount + f.fee);
        expect(f.fee >= 0n).toBe(true);
        return true;
      }),
    );
  });

  it('never delivers more than send × rate, and truncates by less than one minor unit', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = quoteOf(i);
        if (!result.ok) return false;
        const { sendAmount, receiveAmount } = result.figures;
        const { numerator, denominator } = exactReceive(sendAmount, i.from, i.to, i.rate);
        expect(receiveAmount * denominator <= numerator).toBe(true);
        expect((receiveAmount + 1n) * denominator > numerator).toBe(true);
        return true;
      }),
    );
  });

  it('sends exactly the amount typed for SOURCE', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = quoteOf({ ...i, amountType: 'SOURCE' });
        return result.ok && result.figures.sendAmount === i.amount;
      }),
    );
  });

  it('delivers at least what DESTINATION asks, with the smallest send that does', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = quoteOf({ ...i, amountType: 'DESTINATION' });
        if (!result.ok) return false;
        const { sendAmount, receiveAmount } = result.figures;
        expect(receiveAmount >= i.amount).toBe(true);
        // one minor unit less of send would not reach the amount asked
        const less = exactReceive(sendAmount - 1n, i.from, i.to, i.rate);
        expect(less.numerator < i.amount * less.denominator).toBe(true);
        return true;
      }),
    );
  });

  it('accepts only quotes inside every limit, and a refusal names a limit really broken', () => {
    const bounds = fc
      .tuple(fc.bigInt(1n, 10n ** 8n), fc.bigInt(1n, 10n ** 8n))
      .map(([a, b]): [bigint, bigint] => (a <= b ? [a, b] : [b, a]));
    fc.assert(
      fc.property(input, bounds, bounds, (i, [minSend, maxSend], [minReceive, maxReceive]) => {
        const amount = i.amount % (2n * 10n ** 8n);
        const limits = { minSend, maxSend, minReceive, maxReceive };
        const result = quoteOf({ ...i, amount }, limits);
        if (result.ok) {
          const { sendAmount, receiveAmount } = result.figures;
          expect(minSend <= sendAmount && sendAmount <= maxSend).toBe(true);
          expect(minReceive <= receiveAmount && receiveAmount <= maxReceive).toBe(true);
          if (i.amountType === 'DESTINATION') expect(minReceive <= amount && amount <= maxReceive).toBe(true);
          return true;
        }
        const r = result.refusal;
        expect(r.field).toBe('amount');
        expect(r.currency).toBe(r.side === 'send' ? i.from : i.to);
        const expected =
          r.side === 'send'
            ? r.kind === 'below_min'
              ? minSend
              : maxSend
            : r.kind === 'below_min'
              ? minReceive
              : maxReceive;
        expect(r.limit).toBe(expected);
        // the amount the customer typed is judged first
        if (i.amountType === 'SOURCE' && (amount < minSend || amount > maxSend)) expect(r.side).toBe('send');
        if (i.amountType === 'DESTINATION' && (amount < minReceive || amount > maxReceive))
          expect(r.side).toBe('receive');
        return true;
      }),
    );
  });

  it('prices a Kenya mobile transfer the way it is worked out by hand', () => {
    const kes = {
      sourceCurrency: 'GBP',
      destinationCurrency: 'KES',
      limits: { minSend: 10_00n, maxSend: 2_000_00n, minReceive: 50_00n, maxReceive: 150_000_00n },
      rate: '159.9325',
      feeSchedule: [
        { upTo: 100_00n, fixed: 1_99n, bps: 0n },
        { upTo: 500_00n, fixed: 2_99n, bps: 0n },
        { upTo: null, fixed: 99n, bps: 40n },
      ],
    };
    // 123.45 × 159.9325 = 19 743.667125 → 19 743.66; fee band ≤ 500.00 → 2.99
    expect(quote({ ...kes, amount: 123_45n, amountType: 'SOURCE' })).toEqual({
      ok: true,
      figures: { sendAmount: 123_45n, fee: 2_99n, total: 126_44n, receiveAmount: 19_743_66n, rate: '159.9325' },
    });
    // 10 000 / 159.9325 = 62.5263… → 62.53; 62.53 × 159.9325 = 10 000.579225 → 10 000.57
    expect(quote({ ...kes, amount: 10_000_00n, amountType: 'DESTINATION' })).toEqual({
      ok: true,
      figures: { sendAmount: 62_53n, fee: 1_99n, total: 64_52n, receiveAmount: 10_000_57n, rate: '159.9325' },
    });
    // 1 000.00 × 159.9325 = 159 932.50 KES, above the 150 000.00 KES a wallet can receive
    expect(quote({ ...kes, amount: 1_000_00n, amountType: 'SOURCE' })).toEqual({
      ok: false,
      refusal: { field: 'amount', kind: 'above_max', side: 'receive', limit: 150_000_00n, currency: 'KES' },
    });
    expect(quote({ ...kes, amount: 9_99n, amountType: 'SOURCE' })).toEqual({
      ok: false,
      refusal: { field: 'amount', kind: 'below_min', side: 'send', limit: 10_00n, currency: 'GBP' },
    });
  });
});

describe('fees', () => {
  const bands: FeeSchedule = [
    { upTo: 100_00n, fixed: 1_99n, bps: 0n },
    { upTo: 500_00n, fixed: 2_99n, bps: 0n },
    { upTo: null, fixed: 99n, bps: 40n },
  ];

  it('applies the band the send amount falls in, upper bounds included', () => {
    expect(feeFor(bands, 1n)).toBe(1_99n);
    expect(feeFor(bands, 100_00n)).toBe(1_99n);
    expect(feeFor(bands, 100_01n)).toBe(2_99n);
    expect(feeFor(bands, 500_00n)).toBe(2_99n);
    // 0.99 + 0.40 % of 500.01 = 0.99 + 2.000 04 → 2.99 (truncated)
    expect(feeFor(bands, 500_01n)).toBe(2_99n);
    expect(feeFor(bands, 800_00n)).toBe(4_19n);
  });

  it('refuses malformed schedules', () => {
    expect(() => assertFeeSchedule([])).toThrow(RangeError);
    expect(() => assertFeeSchedule([{ upTo: 10n, fixed: 0n, bps: 0n }])).toThrow(/open-ended/);
    expect(() =>
      assertFeeSchedule([
        { upTo: 10n, fixed: 0n, bps: 0n },
        { upTo: 10n, fixed: 0n, bps: 0n },
        { upTo: null, fixed: 0n, bps: 0n },
      ]),
    ).toThrow(/ascend/);
    expect(() => assertFeeSchedule([{ upTo: null, fixed: -1n, bps: 0n }])).toThrow(/negative/);
    expect(() => assertFeeSchedule([{ upTo: null, fixed: 0n, bps: 10_001n }])).toThrow(/basis points/);
  });

  it('round-trips a schedule through its wire form', () => {
    expect(feeScheduleToWire(bands, 'GBP')).toEqual([
      { up_to_send_amount: '100.00', fixed_fee: '1.99', variable_fee_bps: '0' },
      { up_to_send_amount: '500.00', fixed_fee: '2.99', variable_fee_bps: '0' },
      { up_to_send_amount: null, fixed_fee: '0.99', variable_fee_bps: '40' },
    ]);
    fc.assert(
      fc.property(schedule, currency, (s, c) => {
        expect(feeScheduleFromWire(feeScheduleToWire(s, c), c)).toEqual(s);
      }),
    );
  });
});

describe('customerRate', () => {
  it('takes the margin off the mid rate and truncates to 6 decimals', () => {
    expect(customerRate('161.875', 120n)).toBe('159.9325'); // × 0.988
    expect(customerRate('1.25', 150n)).toBe('1.23125'); // × 0.985
    expect(customerRate('0.09615384', 150n)).toBe('0.094711'); // 0.0947115324 truncated
    expect(customerRate('105', 0n)).toBe('105');
  });

  it('never gives more than mid × (1 − margin), and less by under 0.000001', () => {
    fc.assert(
      fc.property(rate, fc.bigInt(0n, 9_999n), (mid, margin) => {
        const exactUnits = mid.units * (10_000n - margin); // at scale mid.scale + 4
        if (exactUnits * 10n ** 6n < 10n ** BigInt(mid.scale + 4)) return true; // under 0.000001: not quotable
        const [whole = '', fraction = ''] = customerRate(mid.text, margin).split('.');
        expect(fraction.length <= 6).toBe(true);
        const got = BigInt(whole + fraction.padEnd(6, '0')); // at scale 6
        const scaleUp = 10n ** BigInt(mid.scale + 4);
        expect(got * scaleUp <= exactUnits * 10n ** 6n).toBe(true);
        expect((got + 1n) * scaleUp > exactUnits * 10n ** 6n).toBe(true);
        return true;
      }),
    );
  });
});

describe('rateMarkup', () => {
  it('is what the margin costs: the send amount less its receive amount’s worth at the mid rate', () => {
    // 1 500.00 GBP at 160.25625 = 240 384.37 KES, which at 161.875 costs 1 485.00 GBP
    expect(rateMarkup({ sendAmount: 150000n, receiveAmount: 24038437n }, '161.875', 'GBP', 'KES')).toBe(1500n);
    // no margin, no markup
    expect(rateMarkup({ sendAmount: 10000n, receiveAmount: 16187n }, '1.61875', 'GBP', 'USD')).toBe(0n);
  });

  it('never exceeds the send amount, is never negative, and grows with the margin', () => {
    fc.assert(
      fc.property(fc.bigInt(100n, 10n ** 9n), fc.integer({ min: 0, max: 500 }), (send, margin) => {
        const mid = '161.875';
        const rate = customerRate(mid, BigInt(margin));
        const receive = (send * BigInt(rate.replace('.', ''))) / 10n ** BigInt(rate.split('.')[1]?.length ?? 0);
        const markup = rateMarkup({ sendAmount: send, receiveAmount: receive }, mid, 'GBP', 'KES');
        expect(markup >= 0n && markup <= send).toBe(true);
        // the margin's share of the send amount, plus what truncating the rate (6 decimals) and amounts costs
        expect(markup <= (send * BigInt(margin)) / 10_000n + send / 10n ** 6n + 2n).toBe(true);
      }),
    );
  });
});
