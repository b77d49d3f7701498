import { Trans, useLingui } from '@lingui/react/macro';
import { useCanGoBack, useMatches, useRouter } from '@tanstack/react-router';
import { LanguageSelect } from '../../features/language/language-select.tsx';
import { BRAND_NAME } from '../../lib/brand.ts';
import { buttonClass } from '../../ui/button.ts';
import { BackIcon } from '../../ui/icons.tsx';
import { BrandWordmark } from '../brand-logo.tsx';
import { LayoutFrame } from '../layout-frame.tsx';
import styles from './onboarding-layout.module.css';

/**
 * The unified onboarding layout (SPEC §2): a splash with the tagline, the
 * language selector, a back button where the route asks for one
 * (`staticData.hasBackButton`), the page and the footer.
 */
export function OnboardingLayout() {
  const { t } = useLingui();
  const brand = BRAND_NAME;
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const hasBackButton = useMatches({ select: (matches) => matches.some((match) => match.staticData.hasBackButton) });

  const back = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/country-of-residence' });
  };

  return (
    <div className={styles.page}>
      <aside className={styles.splash} aria-label={t`About ${brand}`}>
        <BrandWordmark />
        <p className={styles.tagline}>
          <Trans>Send money to the people you love: fast, fair and safe.</Trans>
        </p>
      </aside>
      <LayoutFrame
        classes={{ page: styles.column, header: styles.header, main: styles.main }}
        footer
        header={
          <>
            {hasBackButton ? (
              <button type="button" className={buttonClass('ghost')} onClick={back}>
                <BackIcon />
                <Trans>Back</Trans>
              </button>
            ) : null}
            <div className={styles.language}>
              <LanguageSelect />
            </div>
          </>
        }
      />
    </div>
  );
}
