import { del, get, keys } from 'idb-keyval';
import { is, record, size, string } from 'superstruct';
import { setCustomerData } from '../../lib/session/customer-data.ts';

/** IndexedDB keys of recipient forms being filled in, one per corridor: `recipient-form-draft:<corridor>`. */
const KEY_PREFIX = 'recipient-form-draft:';

/** What a half-typed form holds; anything else read back (an older version, tampering) counts as nothing. */
const TypedValues = record(string(), size(string(), 0, 1000));

/** The values typed into this corridor's recipient form so far (DESIGN §5: drafts survive reloads). */
export async function readRecipientFormDraft(formKey: string): Promise<Record<string, string>> {
  const stored: unknown = await get(KEY_PREFIX + formKey).catch(() => undefined);
  return is(stored, TypedValues) ? stored : {};
}

/** Keep the form's values as typed; a failed write loses only this keystroke's copy. */
export function saveRecipientFormDraft(formKey: string, values: Record<string, string>): void {
  setCustomerData(KEY_PREFIX + formKey, values).catch(() => undefined);
}

/** The recipient is saved: forget what was typed for them. */
export function clearRecipientFormDraft(formKey: string): Promise<void> {
  return del(KEY_PREFIX + formKey).catch(() => undefined);
}

/** The transfer in progress is dropped: forget every half-typed recipient with it. */
export async function clearRecipientFormDrafts(): Promise<void> {
  const stored = await keys().catch(() => []);
  await Promise.all(
    stored
      .filter((key) => typeof key === 'string' && key.startsWith(KEY_PREFIX))
      .map((key) => del(key).catch(() => undefined)),
  );
}
