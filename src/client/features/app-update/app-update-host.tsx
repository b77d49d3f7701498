import { type ComponentType, useEffect, useState } from 'react';
import { afterFirstPaint } from '../../lib/first-paint.ts';

/**
 * Where the new-version notices live (`app-update.tsx`). Nothing of them is needed for the first paint: the worker's
 * registration and the first version poll wait for it anyway, so their code loads after it, not with the first load.
 * Failing to load (offline with an old release's files gone), it is left out: the page works without it.
 */
export function AppUpdateHost() {
  const [AppUpdate, setAppUpdate] = useState<ComponentType>();
  useEffect(() => {
    let cancelled = false;
    void afterFirstPaint()
      .then(() => import('./app-update.tsx'))
      .then(
        (module) => {
          if (!cancelled) setAppUpdate(() => module.AppUpdate);
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, []);
  return AppUpdate ? <AppUpdate /> : null;
}
