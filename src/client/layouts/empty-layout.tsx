import { Outlet } from '@tanstack/react-router';
import { PageMain } from '../ui/page-main.tsx';
import styles from './empty-layout.module.css';

/** The empty layout: the page and nothing around it. */
export function EmptyLayout() {
  return (
    <PageMain className={styles.main}>
      <Outlet />
    </PageMain>
  );
}
