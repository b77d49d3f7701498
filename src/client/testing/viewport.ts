/**
 * jsdom has no `matchMedia`: this one answers width queries (`(min-width: 80rem)`, `(max-width: 25.99rem)`, in px or
 * rem at 16 px) for a viewport whose width a test sets, and tells the lists it handed out when that width changes.
 * Any other query does not match. Installed for every client test by setup.ts, at a desktop's 1,280 px: the signed-in header's row of links, language
 * and account menu, as most screen tests expect it; a test of a phone's layout sets a narrower width.
 */
const DEFAULT_WIDTH = 1280;
/**
 * The viewport's state, on the window: setup.ts installs the function and each test file imports this module afresh
 * (`vi.resetModules`), so a module-level width would be another copy than the one `matchMedia` reads.
 */
interface ViewportState {
  width: number;
  lists: Set<{ query: string; listeners: Set<() => void> }>;
}
const KEY = Symbol.for('test-viewport');
const holder = globalThis as { [KEY]?: ViewportState };
holder[KEY] ??= { width: DEFAULT_WIDTH, lists: new Set() };
const state: ViewportState = holder[KEY];
const { lists } = state;

const pixels = (value: string, unit: string) => Number(value) * (unit === 'rem' || unit === 'em' ? 16 : 1);

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, value = '0', unit = 'px']) =>
    bound === 'min' ? state.width >= pixels(value, unit) : state.width <= pixels(value, unit),
  );
}

export function installViewport(): void {
  window.matchMedia = (query: string) => {
    const list = { query, listeners: new Set<() => void>() };
    lists.add(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => list.listeners.delete(listener),
      addListener: (listener: () => void) => list.listeners.add(listener),
      removeListener: (listener: () => void) => list.listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

/** The viewport's width from now on, in CSS pixels; every list whose answer changes hears of it. */
export function setViewportWidth(to: number): void {
  const before = [...lists].map((list) => matches(list.query));
  state.width = to;
  [...lists].forEach((list, at) => {
    if (matches(list.query) !== before[at]) for (const listener of list.listeners) listener();
  });
}

/** How many listeners are still attached: a hook that unmounted leaves none. */
export const viewportListeners = () => [...lists].reduce((sum, list) => sum + list.listeners.size, 0);

/** Back to the desktop's width, the lists forgotten (setup.ts, after each test). */
export function resetViewport(): void {
  state.width = DEFAULT_WIDTH;
  lists.clear();
}
