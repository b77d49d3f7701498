import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';
import { afterFirstPaint } from './first-paint.ts';

/**
 * A component whose code loads once the page has painted (`afterFirstPaint`), not with the page's first files: for
 * what the first paint never shows (a modal offered later, a notice). It renders nothing until then, and nothing if
 * its file fails to load (offline with an old release's files gone): the page works without it.
 */
export function afterFirstPaintComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return function LoadedAfterFirstPaint(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P>>();
    useEffect(() => {
      let cancelled = false;
      void afterFirstPaint()
        .then(load)
        .then(
          (component) => {
            if (!cancelled) setLoaded(() => component);
          },
          () => undefined,
        );
      return () => {
        cancelled = true;
      };
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  };
}

/**
 * A component shown only when the customer asks for it (a dialog, a popover's list), loaded with `lazy` and fetched
 * ahead once the page has painted: never among the page's first files, yet there when first shown, offline too.
 * A file that fails to load ahead fails again when shown, where the app's error handling meets it.
 */
export function lazyAfterFirstPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  void afterFirstPaint()
    .then(load)
    .catch(() => undefined);
  return lazy(() => load().then((component) => ({ default: component })));
}
