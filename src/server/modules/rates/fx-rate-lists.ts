import type { FxRateOption } from '../../../domain/contract/rates.ts';
import type { FxRateProvider } from '../../providers/fx-rates/fx-rate-provider.ts';
import type { Corridor } from './corridors.ts';

/** One list as last answered: the corridors and mid rates it was made from. */
interface KeptList {
  corridors: readonly Corridor[];
  mids: readonly string[];
  /** frozen, deep: typed as the contract has it, but any change to it throws */
  list: FxRateOption[];
}

/** Past this many different queries the oldest list is dropped: a query's filters are the caller's to choose. */
const MAX_QUERIES = 64;

const kept = new WeakMap<FxRateProvider, Map<string, KeptList>>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The rate list for a query, made by `make` only when its corridors (the cached corridor objects) or their mid
 * rates changed since the list was last made for the same query and feed; otherwise the same frozen list, which
 * the endpoint layer then sends without checking and serializing it again (`mount-endpoints.ts`). A list is a
 * few hundred corridors' formatting and checking; every quote screen asks for it.
 */
export function keptFxRateList(
  feed: FxRateProvider,
  query: string,
  corridors: readonly Corridor[],
  mids: readonly string[],
  make: () => FxRateOption[],
): FxRateOption[] {
  const lists = kept.get(feed) ?? new Map<string, KeptList>();
  kept.set(feed, lists);
  const last = lists.get(query);
  if (last && same(last.corridors, corridors) && same(last.mids, mids)) return last.list;
  const list = deepFreeze(make());
  lists.delete(query);
  if (lists.size >= MAX_QUERIES) lists.delete(lists.keys().next().value as string);
  lists.set(query, { corridors, mids, list });
  return list;
}
