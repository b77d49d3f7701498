import type { FeeBandWire } from './contract/rates.ts';
import { formatDecimal, parseDecimal, truncateToScale } from './decimal.ts';
import { convertMinor, formatMinor, type Minor, parseMinor, sourceForDestination } from './money.ts';

/**
 * Pricing of a transfer: fee schedule, customer rate and the quote itself.
 * Pure integer maths on minor units (bigint) and decimal-string rates.
 */

/** Which side of the transfer the customer fixed: what they send, or what arrives. */
export const AMOUNT_TYPES = ['SOURCE', 'DESTINATION'] as const;
export type AmountType = (typeof AMOUNT_TYPES)[number];

/** Customer rates carry this many decimals, truncated (never in the customer's disfavour by rounding up). */
export const CUSTOMER_RATE_DECIMALS = 6;

const BPS_PER_UNIT = 10_000n;

/**
 * One band of a fee schedule: applies to send amounts up to and including
 * `upTo` (null: no upper bound). Fee = fixed + send × bps / 10 000, truncated.
 */
export interface FeeBand {
  upTo: Minor | null;
  fixed: Minor;
  bps: bigint;
}

/** Bands in ascending order of `upTo`; the last one is open-ended. */
export type FeeSchedule = readonly FeeBand[];

/** Throws RangeError unless the schedule is well formed (ascending, open-ended, non-negative). */
export function assertFeeSchedule(schedule: FeeSchedule): void {
  if (schedule.length === 0) throw new RangeError('A fee schedule needs at least one band');
  let previous = 0n;
  schedule.forEach((band, index) => {
    const last = index === schedule.length - 1;
    if (last !== (band.upTo === null)) throw new RangeError('Only the last fee band is open-ended');
    if (band.upTo !== null) {
      if (band.upTo <= previous) throw new RangeError('Fee bands must ascend');
      previous = band.upTo;
    }
    if (band.fixed < 0n) throw new RangeError('A fixed fee cannot be negative');
    if (band.bps < 0n || band.bps > BPS_PER_UNIT) throw new RangeError('A variable fee is 0 to 10000 basis points');
  });
}

/** The fee for sending `send` (minor units of the source currency). */
export function feeFor(schedule: FeeSchedule, send: Minor): Minor {
  const band = schedule.find((b) => b.upTo === null || send <= b.upTo);
  if (!band) throw new RangeError('The fee schedule has no open-ended band');
  return band.fixed + (send * band.bps) / BPS_PER_UNIT;
}

/** The schedule as the API shows it: amounts as decimal strings of the source currency. */
export function feeScheduleToWire(schedule: FeeSchedule, currency: string): FeeBandWire[] {
  return schedule.map((band) => ({
    up_to_send_amount: band.upTo === null ? null : formatMinor(band.upTo, currency),
    fixed_fee: formatMinor(band.fixed, currency),
    variable_fee_bps: band.bps.toString(),
  }));
}

/** The schedule from the API's form, checked. */
export function feeScheduleFromWire(bands: readonly FeeBandWire[], currency: string): FeeSchedule {
  const schedule = bands.map((band) => ({
    upTo: band.up_to_send_amount === null ? null : parseMinor(band.up_to_send_amount, currency),
    fixed: parseMinor(band.fixed_fee, currency),
    bps: BigInt(band.variable_fee_bps),
  }));
  assertFeeSchedule(schedule);
  return schedule;
}

/**
 * The customer's rate: the mid-market rate less the corridor's margin,
 * truncated to CUSTOMER_RATE_DECIMALS ("161.875" less 120 bps → "159.9325").
 */
export function customerRate(midRate: string, marginBps: bigint): string {
  if (marginBps < 0n || marginBps >= BPS_PER_UNIT) throw new RangeError('A margin is 0 to 9999 basis points');
  const mid = parseDecimal(midRate);
  const scaled = truncateToScale(
    { units: mid.units * (BPS_PER_UNIT - marginBps), scale: mid.scale + 4 },
    CUSTOMER_RATE_DECIMALS,
  );
  if (scaled <= 0n) throw new RangeError(`The rate ${midRate} is too small to quote`);
  return formatDecimal(scaled, CUSTOMER_RATE_DECIMALS);
}

/** The amounts a corridor accepts, in minor units of each side's currency (bounds included). */
export interface CorridorLimits {
  minSend: Minor;
  maxSend: Minor;
  minReceive: Minor;
  maxReceive: Minor;
}

export interface QuoteInput {
  sourceCurrency: string;
  destinationCurrency: string;
  limits: CorridorLimits;
  /** customer rate, decimal string: destination units per source unit */
  rate: string;
  feeSchedule: FeeSchedule;
  /** minor units of the source currency (SOURCE) or of the destination currency (DESTINATION) */
  amount: Minor;
  amountType: AmountType;
}

export interface QuoteFigures {
  /** what is converted, in source minor units */
  sendAmount: Minor;
  /** on top of sendAmount, in source minor units */
  fee: Minor;
  /** what the customer pays: sendAmount + fee */
  total: Minor;
  /** exactly what arrives, in destination minor units */
  receiveAmount: Minor;
  rate: string;
}

/** Why an amount is refused: which side broke which limit. */
export interface AmountRefusal {
  field: 'amount';
  kind: 'below_min' | 'above_max';
  side: 'send' | 'receive';
  /** the limit broken, in minor units of `currency` */
  limit: Minor;
  currency: string;
}

export type QuoteResult = { ok: true; figures: QuoteFigures } | { ok: false; refusal: AmountRefusal };

function outsideLimits(
  amount: Minor,
  min: Minor,
  max: Minor,
  side: AmountRefusal['side'],
  currency: string,
): AmountRefusal | undefined {
  if (amount < min) return { field: 'amount', kind: 'below_min', side, limit: min, currency };
  if (amount > max) return { field: 'amount', kind: 'above_max', side, limit: max, currency };
  return undefined;
}

/**
 * Price a transfer. SOURCE: the customer fixes what is sent; what arrives is
 * the conversion truncated to the destination's minor unit. DESTINATION: the
 * customer fixes what should arrive; we send the smallest amount whose
 * conversion reaches it, and report what that conversion delivers (never less
 * than asked). The amount the customer typed is checked against its side's
 * limits first, so the refusal names the limit they can act on; then both
 * computed sides are checked, so every accepted quote lies inside every limit.
 */
export function quote(input: QuoteInput): QuoteResult {
  const { sourceCurrency: from, destinationCurrency: to, limits, rate } = input;
  const checkSend = (send: Minor) => outsideLimits(send, limits.minSend, limits.maxSend, 'send', from);
  const checkReceive = (receive: Minor) => outsideLimits(receive, limits.minReceive, limits.maxReceive, 'receive', to);

  const typed = input.amountType === 'SOURCE' ? checkSend(input.amount) : checkReceive(input.amount);
  if (typed) return { ok: false, refusal: typed };

  const sendAmount = input.amountType === 'SOURCE' ? input.amount : sourceForDestination(input.amount, to, rate, from);
  const receiveAmount = convertMinor(sendAmount, from, rate, to);
  const refusal = checkSend(sendAmount) ?? checkReceive(receiveAmount);
  if (refusal) return { ok: false, refusal };

  const fee = feeFor(input.feeSchedule, sendAmount);
  return { ok: true, figures: { sendAmount, fee, total: sendAmount + fee, receiveAmount, rate } };
}

/**
 * What the rate's margin costs the customer, in source minor units: what
 * they send less what would have bought the same receive amount at the
 * mid-market rate (never below zero). Fee + this = the transfer's true cost.
 */
export function rateMarkup(
  figures: { sendAmount: Minor; receiveAmount: Minor },
  midRate: string,
  sourceCurrency: string,
  destinationCurrency: string,
): Minor {
  const atMid = sourceForDestination(figures.receiveAmount, destinationCurrency, midRate, sourceCurrency);
  return figures.sendAmount > atMid ? figures.sendAmount - atMid : 0n;
}
