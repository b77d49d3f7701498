import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useEffect, useId, useRef } from 'react';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { errorModalAtom } from './error-modal-atom.ts';

/** The blocking generic error modal: title, text, the error code when there is one, OK. */
export function ErrorModal() {
  const [state, setState] = useAtom(errorModalAtom);
  const errorCode = state?.errorCode;
  const titleId = useId();
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state) okRef.current?.focus();
  }, [state]);

  return (
    <Dialog open={state !== null} onClose={() => setState(null)} labelledBy={titleId} role="alertdialog" size="sm">
      <h2 id={titleId}>
        <Trans>Error</Trans>
      </h2>
      <p>
        <Trans>Something went wrong. Contact to Customer Support.</Trans>
      </p>
      {errorCode ? (
        <p>
          <Trans>
            Error code: <code>{errorCode}</code>
          </Trans>
        </p>
      ) : null}
      <form method="dialog">
        <button ref={okRef} type="submit" className={buttonClass('primary')}>
          <Trans>OK</Trans>
        </button>
      </form>
    </Dialog>
  );
}
