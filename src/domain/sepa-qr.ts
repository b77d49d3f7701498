import type { BankTransferInstructions } from './contract/transfers.ts';
import { compactIban, isValidIban } from './iban.ts';
import { formatMinor, isDecimalString, parseMinor } from './money.ts';

/**
 * The text of a SEPA credit transfer QR code (EPC069-12 "Quick Response Code:
 * guidelines to enable data capture for the initiation of a SEPA credit
 * transfer", version 002, UTF-8), the code European banking apps scan to fill
 * in the payee, the IBAN, the amount and the reference:
 *
 *   BCD · 002 · 1 (UTF-8) · SCT · BIC · name · IBAN · EUR<amount> · purpose ·
 *   structured reference · unstructured reference
 *
 * Euro only (the standard is SEPA's); null when the instructions are not a
 * euro payment to a valid IBAN, or a field is outside the standard's limits
 * (the customer still has the details written out).
 */
export function sepaTransferQrText(instructions: BankTransferInstructions): string | null {
  if (instructions.currency !== 'EUR' || !isDecimalString(instructions.amount)) return null;
  const detail = (field: string) => instructions.account.find((row) => row.field === field)?.value;
  const iban = compactIban(detail('iban') ?? '');
  const bic = (detail('bic') ?? '').replace(/\s+/g, '').toUpperCase();
  const name = instructions.account_name.trim();
  const reference = instructions.reference.trim();
  const cents = parseMinor(instructions.amount, 'EUR');
  if (!isValidIban(iban) || !/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/.test(bic)) return null;
  if (name.length === 0 || name.length > MAX_NAME || reference.length > MAX_REFERENCE) return null;
  if (cents < MIN_CENTS || cents > MAX_CENTS) return null;
  // the amount without its trailing zeros is as valid ("EUR12.3") but banks show it as written: keep two decimals
  return ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${formatMinor(cents, 'EUR')}`, '', '', reference].join('\n');
}

/** EPC069-12's limits: the beneficiary's name, the unstructured remittance information, the amount (EUR 0.01 to 999,999,999.99). */
const MAX_NAME = 70;
const MAX_REFERENCE = 140;
const MIN_CENTS = 1n;
const MAX_CENTS = 99_999_999_999n;
