import { useSyncExternalStore } from 'react';

/**
 * A hook telling whether the viewport matches `query` (a CSS media query), kept in step as it changes (a phone turned,
 * a window resized). For what the layout renders at one width and not at another: an element hidden by CSS is still
 * built, styled and laid out on every page's first paint. Made once per query, so a render does not subscribe again.
 */
export function mediaQueryHook(query: string): () => boolean {
  const subscribe = (changed: () => void) => {
    const list = matchMedia(query);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  };
  const matches = () => matchMedia(query).matches;
  return () => useSyncExternalStore(subscribe, matches);
}
