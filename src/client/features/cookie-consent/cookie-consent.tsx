import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { BRAND_NAME } from '../../lib/brand.ts';
import { buttonClass } from '../../ui/button.ts';
import { cookieConsentAtom } from './consent.ts';
import styles from './cookie-consent.module.css';
import { sendPageView } from './page-views.ts';

/**
 * The notice's height, while it is on screen, as `--cookie-notice-height` on the page: another part that sticks to
 * the screen's foot (the pay step's new-rate offer) stands on it instead of under it.
 */
function useHeightOnPage(notice: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = notice.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) root.setProperty('--cookie-notice-height', `${entry.borderBoxSize[0]?.blockSize ?? 0}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--cookie-notice-height');
    };
  }, [notice, shown]);
}

/**
 * The cookie notice until the customer answers (remembered on the device),
 * and page views for analytics only once they have accepted. Loaded lazily by
 * the root route: it costs the first load nothing.
 */
export default function CookieConsent() {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  const { i18n } = useLingui();
  const page = useMatches({ select: (matches) => matches.at(-1)?.fullPath ?? '/' });
  const headingId = useId();
  const brand = BRAND_NAME;
  const notice = useRef<HTMLElement>(null);
  useHeightOnPage(notice, consent === null);

  useEffect(() => {
    if (consent === 'accepted') sendPageView(page, i18n.locale);
  }, [consent, page, i18n.locale]);

  if (consent !== null) return null;
  return (
    <section ref={notice} className={styles.notice} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>Cookies</Trans>
      </h2>
      <p className={styles.text}>
        <Trans>
          {brand} keeps what it needs to work on this device. May we also count which pages are visited, to improve the
          app? Nothing that names you is sent.
        </Trans>
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass('primary')} onClick={() => setConsent('accepted')}>
          <Trans>Accept analytics</Trans>
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => setConsent('necessary-only')}>
          <Trans>Necessary only</Trans>
        </button>
      </div>
    </section>
  );
}
