import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { LanguageSelect } from '../../features/language/language-select.tsx';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { AccountMenu } from './account-menu.tsx';
import styles from './burger-menu.module.css';
import { MainLinks } from './main-links.tsx';

/**
 * The narrow-screen menu titled "Account": the main links, the account items and the language, rendered while it is
 * open (closed, they were 42 elements of every narrow page's first paint).
 */
export function BurgerMenu() {
  const { t } = useLingui();
  const titleId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Open on the page it was opened on: following a link inside closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  // The page under the open menu does not scroll.
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', open);
    return () => document.body.classList.remove('scroll-locked');
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost', { icon: true })}
        aria-label={t`Menu`}
        aria-expanded={open}
        onClick={() => setOpenOn(pathname)}
      >
        <MenuIcon />
      </button>
      <Dialog open={open} onClose={close} labelledBy={titleId} className={styles.sheet}>
        {open ? (
          <>
            <div className={styles.top}>
              <h2 id={titleId} className={styles.title}>
                <Trans>Account</Trans>
              </h2>
              <button
                type="button"
                className={buttonClass('ghost', { icon: true })}
                aria-label={t`Close menu`}
                onClick={close}
              >
                <CloseIcon />
              </button>
            </div>
            <MainLinks direction="column" />
            <AccountMenu />
            <LanguageSelect />
          </>
        ) : null}
      </Dialog>
    </>
  );
}
