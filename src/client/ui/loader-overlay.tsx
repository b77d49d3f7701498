import type { ReactNode } from 'react';
import styles from './loader-overlay.module.css';

/**
 * SPEC §4's loader types but "button" (the pay-in return's, `lib/card-payment/payin-confirming.tsx`, which shows
 * this loader with a way out): `default` a bar over the awaited area, its words for screen readers only; `text` a
 * ring with its words shown; `circle` a ring alone, for a small area such as a card.
 */
export type LoaderType = 'default' | 'text' | 'circle';

interface LoaderOverlayProps {
  type?: LoaderType;
  /** what is awaited ("Loading your transfers…"): announced politely, and shown by the `text` type */
  children: ReactNode;
}

/**
 * What stands where a screen or a part of one waits. It keeps the awaited area's room (no jump when the content
 * comes), its motion stops when the customer asks for reduced motion, and the wait is a polite status.
 */
export function LoaderOverlay({ type = 'default', children }: LoaderOverlayProps) {
  return (
    <div className={styles.loader} data-type={type}>
      <span className={styles.indicator} aria-hidden="true" />
      <p role="status" className={type === 'text' ? styles.words : 'visually-hidden'}>
        {children}
      </p>
    </div>
  );
}
