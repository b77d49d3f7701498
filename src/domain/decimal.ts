/**
 * Exact decimal strings for rates ("159.9325"): an integer of digits and how
 * many of them sit after the point. Never a JavaScript number.
 */
export interface ScaledDecimal {
  /** the digits as an integer */
  units: bigint;
  /** how many of the digits are after the point */
  scale: number;
}

const NON_NEGATIVE_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parse a non-negative decimal string exactly; throws RangeError otherwise. */
export function parseDecimal(value: string): ScaledDecimal {
  const match = NON_NEGATIVE_DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a non-negative decimal: ${value}`);
  const [, whole, fraction = ''] = match;
  return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

/** The plain decimal string of `units / 10^scale`, trailing fraction zeros dropped ("1.2500" → "1.25"). */
export function formatDecimal(units: bigint, scale: number): string {
  if (units < 0n) throw new RangeError('Negative decimals are not supported');
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** `value` truncated (never rounded up) to `scale` fraction digits, as units of 10^-scale. */
export function truncateToScale(value: ScaledDecimal, scale: number): bigint {
  if (value.scale <= scale) return value.units * 10n ** BigInt(scale - value.scale);
  return value.units / 10n ** BigInt(value.scale - scale);
}
