import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { buttonClass } from '../../ui/button.ts';
import styles from '../../ui/offer.module.css';
import { INSTALL_OFFER_KEY } from '../local-settings.ts';
import { promptInstall, useInstallable } from './install-prompt.ts';

/**
 * The offer to add Sarraf to the home screen, made where a customer has just paid (never on a first visit): once
 * per device, only where the browser can install it and it is not already open from the home screen.
 */
export function InstallOffer() {
  const headingId = useId();
  const installable = useInstallable();
  const [answered, setAnswered] = useState(() => localStorage.getItem(INSTALL_OFFER_KEY) !== null);
  if (answered || !installable || matchMedia('(display-mode: standalone)').matches) return null;

  const reply = async (answer: 'later' | 'install') => {
    localStorage.setItem(INSTALL_OFFER_KEY, answer);
    setAnswered(true);
    if (answer === 'install') await promptInstall();
  };

  return (
    <section className={styles.offer} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>Keep Sarraf on your home screen</Trans>
      </h2>
      <p>
        <Trans>Open it in one tap, like an app, and see your transfers even with a weak connection.</Trans>
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={() => void reply('later')}>
          <Trans>Not now</Trans>
        </button>
        <button type="button" className={buttonClass('primary')} onClick={() => void reply('install')}>
          <Trans>Add to home screen</Trans>
        </button>
      </div>
    </section>
  );
}
