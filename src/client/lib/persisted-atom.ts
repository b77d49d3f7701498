import { atom } from 'jotai';
import { is, type Struct } from 'superstruct';

/**
 * An atom kept in Web Storage as a plain string under `key`, checked with
 * `struct` whenever it is read from storage: a value that fails the check
 * (tampered, written by an older version) reads as `fallback` instead of
 * reaching the app. Each store reads storage on first use; changes made in
 * another tab arrive through the `storage` event while the atom is in use.
 * Writing null removes the key.
 */
export function persistedStringAtom<T extends string>(
  key: string,
  struct: Struct<T, any>,
  fallback: T | null,
  area: () => Storage = () => localStorage,
) {
  const read = (): T | null => {
    const raw = area().getItem(key);
    return raw !== null && is(raw, struct) ? raw : fallback;
  };

  /** undefined until this store has read or written the value. */
  const cached = atom<T | null | undefined>(undefined);
  cached.onMount = (set) => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === area() && event.key === key) set(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  };

  return atom(
    (get) => {
      const value = get(cached);
      return value === undefined ? read() : value;
    },
    (_get, set, next: T | null) => {
      if (next === null) area().removeItem(key);
      else area().setItem(key, next);
      set(cached, next);
    },
  );
}
