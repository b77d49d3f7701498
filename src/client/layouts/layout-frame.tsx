import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageMain } from '../ui/page-main.tsx';
import { LegalFooter } from './legal-footer.tsx';

interface LayoutFrameProps {
  /** the layout's classes for the frame, the header and the main landmark */
  classes: { page?: string | undefined; header?: string | undefined; main?: string | undefined };
  header: ReactNode;
  /** the small legal footer under the page */
  footer: boolean;
}

/** A layout's header, the route's page in the main landmark and, where asked for, the legal footer. */
export function LayoutFrame({ classes, header, footer }: LayoutFrameProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>{header}</header>
      <PageMain className={classes.main}>
        <Outlet />
      </PageMain>
      {footer ? <LegalFooter /> : null}
    </div>
  );
}
