import { useAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { oauthAccessDeniedAtom } from './access-denied-atom.ts';

// the dialog's code loads the first time the API refuses a token: nothing at first load
const AccessDeniedDialog = lazy(() => import('./access-denied-dialog.tsx'));

/** Where SPEC §8's access-denied modal lives once shown (`access-denied-dialog.tsx`). */
export function AccessDeniedModal() {
  const [open, setOpen] = useAtom(oauthAccessDeniedAtom);
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AccessDeniedDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
