import type { ReactNode } from 'react';

/**
 * The page's main landmark. Skip link target; focused after each navigation
 * so screen readers start at the new page's content.
 */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
