import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { PUSH_PROMPT_KEY } from '../../lib/local-settings.ts';
import { buttonClass } from '../../ui/button.ts';
import styles from '../../ui/offer.module.css';
import { pushSupported, subscribeThisBrowser } from './web-push.ts';

type Answer = 'later' | 'yes';

const remembered = (): Answer | null => {
  const answer = localStorage.getItem(PUSH_PROMPT_KEY);
  return answer === 'later' || answer === 'yes' ? answer : null;
};

/**
 * The push prompt: asked once per device (the answer is remembered), and only
 * where the browser can push and has not been answered already. Continue asks
 * the browser's permission and subscribes; after a yes, each session
 * subscribes again by itself.
 */
export function PushPrompt() {
  const headingId = useId();
  const [answer, setAnswer] = useState<Answer | null>(remembered);
  const [failed, setFailed] = useState(false);
  // judged once: the browser's answer to Continue must not hide what the prompt then says
  const [askable] = useState(() => pushSupported() && Notification.permission === 'default');
  useEffect(() => {
    // said yes on this device before: sign-out ended that subscription, so this session subscribes afresh
    if (answer === 'yes' && pushSupported() && Notification.permission === 'granted') {
      subscribeThisBrowser().catch(() => undefined);
    }
  }, [answer]);
  if (answer !== null || !askable) return null;

  const reply = async (next: Answer) => {
    localStorage.setItem(PUSH_PROMPT_KEY, next);
    if (next === 'yes' && !(await subscribeThisBrowser().catch(() => false))) {
      setFailed(true);
      return;
    }
    setAnswer(next);
  };

  return (
    <section className={styles.offer} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>Know when your money arrives</Trans>
      </h2>
      <p>
        <Trans>We can send you a notification each time a transfer moves on, even when Sarraf is closed.</Trans>
      </p>
      {failed ? (
        <p role="alert">
          <Trans>Notifications could not be turned on. You can allow them in your browser's settings.</Trans>
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={() => void reply('later')}>
          <Trans>Not now</Trans>
        </button>
        <button type="button" className={buttonClass('primary')} onClick={() => void reply('yes')}>
          <Trans>Continue</Trans>
        </button>
      </div>
    </section>
  );
}
