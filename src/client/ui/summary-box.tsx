import type { ReactNode } from 'react';
import styles from './summary-box.module.css';

/** A titled box of figures: a quote, a transfer about to be paid. */
export function SummaryBox({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Labelled figures, label on the left and figure on the right. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className={styles.figures}>{children}</dl>;
}

/** One labelled figure of Figures; `strong` for the figures that matter most. */
export function Figure({ label, strong, children }: { label: ReactNode; strong?: boolean; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={strong ? styles.strong : undefined}>{children}</dd>
    </>
  );
}
