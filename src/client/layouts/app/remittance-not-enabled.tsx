import { Trans } from '@lingui/react/macro';
import { atom, useAtom } from 'jotai';
import { useId } from 'react';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';

/**
 * SPEC §2: the profile menu's Profile, before sending is open to the
 * customer (`isRemittanceEnabled`), shows this modal instead of the
 * profile. Held by the signed-in layout, outside the menu (a modal shown
 * from a popover would close with it).
 */
export const remittanceNotEnabledOpenAtom = atom(false);

export function RemittanceNotEnabledDialog() {
  const [open, setOpen] = useAtom(remittanceNotEnabledOpenAtom);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
      <h2 id={titleId}>
        <Trans>Your profile is not open yet</Trans>
      </h2>
      <p>
        <Trans>
          We open your profile, and sending money, once we have checked your details. If we need anything from you, your
          home page says what.
        </Trans>
      </p>
      <button type="button" className={buttonClass('primary')} onClick={() => setOpen(false)}>
        <Trans>OK</Trans>
      </button>
    </Dialog>
  );
}
