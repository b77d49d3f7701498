import { createHash } from 'node:crypto';
import type { DataSourceEntry } from '../../../domain/contract/beneficiaries.ts';
import type { CorridorSchema } from './schemas/corridor-schema.ts';

/**
 * What makes two of a customer's recipients the same one: the corridor and
 * the values that identify the payout account (a wallet number, a bank
 * account, for cash the names and phone), letter case ignored.
 */
export function payoutFingerprint(corridor: CorridorSchema, values: Readonly<Record<string, string>>): string {
  const { destination_country, payout_type, destination_currency } = corridor.schema;
  const identity = corridor.identityFields.map((name) => (values[name] ?? '').toLowerCase());
  const parts = [destination_country, payout_type, destination_currency, ...identity];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const MASK = '••••';

/** The last four characters behind a mask: enough to recognise an account, not to read it off a screen. */
function masked(value: string): string {
  return `${MASK} ${value.slice(-4)}`;
}

function entryLabel(entry: DataSourceEntry): string {
  return entry.city ? `${entry.name}, ${entry.city}` : entry.name;
}

/**
 * How the recipients list shows where the money goes, e.g.
 * "Safaricom M-PESA · •••• 5678" or "Bakaara Market Agent, Mogadishu".
 */
export function payoutLabel(
  corridor: CorridorSchema,
  values: Readonly<Record<string, string>>,
  entries: ReadonlyMap<string, DataSourceEntry>,
): string {
  const { sourceField, accountField } = corridor.label;
  const code = sourceField === undefined ? undefined : values[sourceField];
  const entry = code === undefined ? undefined : entries.get(code);
  const account = accountField === undefined ? undefined : values[accountField];
  return [entry && entryLabel(entry), account && masked(account)].filter(Boolean).join(' · ');
}
