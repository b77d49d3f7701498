import { Outlet } from '@tanstack/react-router';
import { PageMain } from '../ui/page-main.tsx';
import styles from './background-layout.module.css';

/** The background-only layout, for provider callbacks: a branded backdrop with the page on a card. */
export function BackgroundLayout() {
  return (
    <div className={styles.backdrop}>
      <PageMain className={styles.card}>
        <Outlet />
      </PageMain>
    </div>
  );
}
