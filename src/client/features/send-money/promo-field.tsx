import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { normalizePromoCode } from '../../../domain/promotions.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import styles from './quote-form.module.css';

interface PromoFieldProps {
  /** the code the current quote carries */
  applied: string | undefined;
  /** the last code tried cannot be used */
  refused: boolean;
  /** a code to apply, or undefined to quote without one */
  onApply: (code: string | undefined) => void;
}

/** The quote's promo code: type one and apply it, or remove the one applied. */
export function PromoField({ applied, refused, onApply }: PromoFieldProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  if (applied) {
    return (
      <p className={styles.promoApplied}>
        <Trans>
          Promo code <strong>{applied}</strong> applied
        </Trans>{' '}
        <button type="button" className={buttonClass('secondary')} onClick={() => onApply(undefined)}>
          <Trans>Remove</Trans>
        </button>
      </p>
    );
  }
  const apply = () => {
    const code = normalizePromoCode(text);
    if (code !== '') onApply(code);
  };
  return (
    <div className={styles.promo}>
      <FormField
        id="promo-code"
        label={<Trans>Promo code (optional)</Trans>}
        error={refused ? t`Invalid promotion code` : undefined}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
        )}
      </FormField>
      <button type="button" className={buttonClass('secondary')} onClick={apply}>
        <Trans>Apply</Trans>
      </button>
    </div>
  );
}
