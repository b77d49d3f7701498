import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { regionNames } from '../../lib/region-names.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';

interface SenderCardCountryDialogProps {
  /** ISO 3166-1 alpha-2 of the country the customer sends from */
  sendCountry: string;
  onClose: () => void;
}

/**
 * Our IssuerCardCountryNotEqualSendCountry: the paying card was issued in
 * another country than the one the customer sends from; add a new card.
 * (SPEC §8's issuer-card-country modal is the recipient's card's.)
 */
export function SenderCardCountryDialog({ sendCountry, onClose }: SenderCardCountryDialogProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const country = regionNames(i18n.locale).of(sendCountry);
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} role="alertdialog">
      <h2 id={titleId}>
        <Trans>Pay with a card from the country you send from</Trans>
      </h2>
      <p>
        <Trans>
          We can only take a card issued in the country you send from: {country}. Add a new card issued there, or choose
          another way to pay.
        </Trans>
      </p>
      <form method="dialog">
        <button type="submit" className={buttonClass('primary')}>
          <Trans>Add a new card</Trans>
        </button>
      </form>
    </Dialog>
  );
}
