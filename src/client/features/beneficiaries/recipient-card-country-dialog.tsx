import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { countryInText } from '../../lib/country-in-text.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';

interface RecipientCardCountryDialogProps {
  /** ISO 3166-1 alpha-2 of the recipient's (the destination) country */
  country: string;
  /** "Add a new card", or the dialog closed: the customer enters the card again */
  onAddCard: () => void;
}

/**
 * SPEC §8 IssuerCardCountryNotEqualBeneficiaryCountry: the recipient's card
 * was issued in another country than the recipient's; add a new card.
 */
export function RecipientCardCountryDialog({ country, onAddCard }: RecipientCardCountryDialogProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const where = countryInText(i18n.locale, country);
  return (
    <Dialog open onClose={onAddCard} labelledBy={titleId} role="alertdialog" size="sm">
      <h2 id={titleId}>
        <Trans>The card's issuing country differs from the recipient's</Trans>
      </h2>
      <p>
        <Trans>
          We can only pay out to a card issued in the recipient's country, {where}. Add a new card issued there.
        </Trans>
      </p>
      <button type="button" className={buttonClass('primary')} onClick={onAddCard}>
        <Trans>Add a new card</Trans>
      </button>
    </Dialog>
  );
}
