import { useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches `query` (a CSS media query), kept in step as it changes (a phone turned, a window
 * resized). For what the layout renders at one width and not at another: an element hidden by CSS is still built,
 * styled and laid out on every page's first paint.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
  );
}
