import { useLingui } from '@lingui/react';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageTitle } from './page-title.ts';

/** Keep `document.title` on the current route's title, in the current language. */
export function usePageTitle(): void {
  const { i18n } = useLingui();
  const title = useMatches({ select: (matches) => pageTitle(i18n, matches) });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
