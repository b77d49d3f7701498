import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { PUSH_PROMPT_KEY } from '../../lib/local-settings.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import styles from '../../ui/offer.module.css';
import { pushAskable, pushSupported, subscribeThisBrowser } from './web-push.ts';

type Answer = 'later' | 'yes';

const remembered = (): Answer | null => {
  const answer = localStorage.getItem(PUSH_PROMPT_KEY);
  return answer === 'later' || answer === 'yes' ? answer : null;
};

interface PushPromptProps {
  /** where the signed-in customer is (the path): the modal is offered once it changes, after a navigation */
  place: string;
}

/**
 * SPEC §4's push-notification permission modal (Not now / Continue), offered
 * after the customer navigates in the signed-in app (SPEC §2: after each
 * navigation "a push-notification prompt may show"), never on the page they
 * arrived on and never over another modal. Asked once per device: the answer
 * is remembered ("Not now" and closing it alike), and it is not asked where
 * the browser cannot push or its permission is already decided. Continue asks
 * the browser's permission and subscribes; after a yes, each session
 * subscribes again by itself.
 */
export function PushPrompt({ place }: PushPromptProps) {
  const titleId = useId();
  const [answer, setAnswer] = useState<Answer | null>(remembered);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const arrivedAt = useRef(place);

  useEffect(() => {
    // said yes on this device before: sign-out ended that subscription, so this session subscribes afresh
    if (answer === 'yes' && pushSupported() && Notification.permission === 'granted') {
      subscribeThisBrowser().catch(() => undefined);
    }
  }, [answer]);

  useEffect(() => {
    if (place === arrivedAt.current || answer !== null || open) return;
    let current = true;
    void pushAskable().then((askable) => {
      // another modal (an error, the bank ID migration) goes first: the next navigation offers it again
      if (current && askable && !document.querySelector('dialog[open]')) setOpen(true);
    });
    return () => {
      current = false;
    };
  }, [place, answer, open]);

  const reply = async (next: Answer) => {
    localStorage.setItem(PUSH_PROMPT_KEY, next);
    if (next === 'yes' && !(await subscribeThisBrowser().catch(() => false))) {
      setFailed(true);
      return;
    }
    setAnswer(next);
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Dialog
      open
      onClose={() => {
        // Escape, or OK after the browser refused: whatever was said is kept, else it counts as "Not now"
        if (!failed) localStorage.setItem(PUSH_PROMPT_KEY, 'later');
        setAnswer(remembered() ?? 'later');
        setOpen(false);
      }}
      labelledBy={titleId}
      size="sm"
    >
      <h2 id={titleId}>
        <Trans>Know when your money arrives</Trans>
      </h2>
      <p>
        <Trans>We can send you a notification each time a transfer moves on, even when Sarraf is closed.</Trans>
      </p>
      {failed ? (
        <>
          <p role="alert">
            <Trans>Notifications could not be turned on. You can allow them in your browser's settings.</Trans>
          </p>
          <form method="dialog" className={styles.actions}>
            <button type="submit" className={buttonClass('primary')}>
              <Trans>OK</Trans>
            </button>
          </form>
        </>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={() => void reply('later')}>
            <Trans>Not now</Trans>
          </button>
          <button type="button" className={buttonClass('primary')} onClick={() => void reply('yes')}>
            <Trans>Continue</Trans>
          </button>
        </div>
      )}
    </Dialog>
  );
}
