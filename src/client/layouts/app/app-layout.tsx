import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { bankIdMigrateOpenAtom } from '../../features/bank-id/bank-id-migrate-open.ts';
import { LanguageSelect } from '../../features/language/language-select.tsx';
import { NotificationsBell } from '../../features/notifications/notifications-bell.tsx';
import { afterFirstPaintComponent } from '../../lib/after-first-paint.tsx';
import { mediaQueryHook } from '../../lib/media-query.ts';
import { useSignedInUser } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { BrandLogo } from '../brand-logo.tsx';
import { LayoutFrame } from '../layout-frame.tsx';
import styles from './app-layout.module.css';
import { BurgerMenu } from './burger-menu.tsx';
import { MainLinks } from './main-links.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { RemittanceNotEnabledDialog } from './remittance-not-enabled.tsx';

const BankIdMigrateDialog = lazy(() => import('../../features/bank-id/bank-id-migrate.tsx'));
// offered only after a navigation, never on the page the customer arrived on: it loads after the first paint
const PushPrompt = afterFirstPaintComponent(() =>
  import('../../features/notifications/push-prompt.tsx').then((module) => module.PushPrompt),
);

/** Four main links, New transfer, language, bell and account fit in one row from here, in every language. */
const useWide = mediaQueryHook('(min-width: 80rem)');

/**
 * The signed-in layout (require-auth, SPEC §2): logo to home, main links,
 * New transfer, language, notifications and the profile menu; on narrow
 * screens the links, language and profile items move into the burger menu.
 * Only the set the width shows is rendered: both, one hidden by CSS, were 91 of a phone's 154 elements on `/home`.
 * After a navigation here the push permission modal may be offered (SPEC §4).
 */
export function AppLayout() {
  useSignedInUser();
  const wide = useWide();
  const migrating = useAtomValue(bankIdMigrateOpenAtom);
  const place = useRouterState({ select: (state) => state.location.pathname });
  return (
    <LayoutFrame
      classes={styles}
      footer
      header={
        <>
          <BrandLogo to="/home" />
          {wide ? <MainLinks direction="row" /> : null}
          <div className={styles.actions}>
            <Link to="/send-money/quote" className={`${buttonClass('primary')} ${styles.newTransfer}`}>
              {/* the narrowest phones show the short word; the link's name stays "New transfer" */}
              <span className={styles.longLabel}>
                <Trans>New transfer</Trans>
              </span>
              <span className={styles.shortLabel} aria-hidden="true">
                <Trans context="the header's New transfer, on the narrowest phones">Send</Trans>
              </span>
            </Link>
            {wide ? <LanguageSelect /> : null}
            <NotificationsBell />
            {wide ? <ProfileMenu /> : <BurgerMenu />}
          </div>
          <RemittanceNotEnabledDialog />
          <PushPrompt place={place} />
          {migrating ? (
            <Suspense fallback={null}>
              <BankIdMigrateDialog />
            </Suspense>
          ) : null}
        </>
      }
    />
  );
}
