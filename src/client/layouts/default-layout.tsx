import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { LanguageSelect } from '../features/language/language-select.tsx';
import { searchText } from '../lib/search-params.ts';
import { buttonClass } from '../ui/button.ts';
import { BrandLogo } from './brand-logo.tsx';
import styles from './default-layout.module.css';
import { LayoutFrame } from './layout-frame.tsx';

/**
 * The default layout (SPEC §2): header with the language selector and
 * Register on the sign-in screen, Sign in elsewhere (keeping the redirect
 * query), the page, and the small legal footer.
 */
export function DefaultLayout() {
  const location = useLocation();
  const onSignIn = location.pathname === '/sign-in';
  const redirect = searchText((location.search as Record<string, unknown>).redirect);

  return (
    <LayoutFrame
      classes={styles}
      footer
      header={
        <>
          <BrandLogo to="/" />
          <div className={styles.actions}>
            <LanguageSelect />
            {onSignIn ? (
              <Link to="/country-of-residence" className={buttonClass('secondary')}>
                <Trans>Register</Trans>
              </Link>
            ) : (
              <Link to="/sign-in" search={redirect ? { redirect } : {}} className={buttonClass('secondary')}>
                <Trans>Sign in</Trans>
              </Link>
            )}
          </div>
        </>
      }
    />
  );
}
