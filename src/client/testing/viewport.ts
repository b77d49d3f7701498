/**
 * jsdom has no `matchMedia`: this one answers width queries (`(min-width: 80rem)`, `(max-width: 25.99rem)`, in px or
 * rem at 16 px) for a viewport whose width a test sets, and tells the listeners of each query whose answer a new width
 * changes. Any other query does not match. Installed for every client test by setup.ts, at a desktop's 1,280 px: the
 * signed-in header's row of links, language and account menu, as most screen tests expect it; a test of a phone's
 * layout sets a narrower width.
 */
const DEFAULT_WIDTH = 1280;
/**
 * The viewport's state, on the window: setup.ts installs the function and each test file imports this module afresh
 * (`vi.resetModules`), so a module-level width would be another copy than the one `matchMedia` reads.
 */
interface ViewportState {
  width: number;
  /** each listener attached, with the query of its list */
  listeners: Map<() => void, string>;
}
const KEY = Symbol.for('test-viewport');
const holder = globalThis as { [KEY]?: ViewportState };
holder[KEY] ??= { width: DEFAULT_WIDTH, listeners: new Map() };
const state: ViewportState = holder[KEY];
const { listeners } = state;

const pixels = (value: string, unit: string) => Number(value) * (unit === 'rem' || unit === 'em' ? 16 : 1);

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, value = '0', unit = 'px']) =>
    bound === 'min' ? state.width >= pixels(value, unit) : state.width <= pixels(value, unit),
  );
}

export function installViewport(): void {
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.set(listener, query),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.set(listener, query),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

/** The viewport's width from now on, in CSS pixels; every listener whose query's answer changes hears of it. */
export function setViewportWidth(to: number): void {
  const before = [...listeners].map(([listener, query]) => [listener, query, matches(query)] as const);
  state.width = to;
  for (const [listener, query, matched] of before) if (matches(query) !== matched) listener();
}

/** How many listeners are attached: a hook that unmounted leaves none. */
export const viewportListeners = () => listeners.size;

/** Back to the desktop's width, no listener left (setup.ts, after each test). */
export function resetViewport(): void {
  state.width = DEFAULT_WIDTH;
  listeners.clear();
}
