import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A link to a legal document of the country (terms, privacy policy), opened in a new tab. */
export function LegalLink({ href, text }: { href: string; text: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="visually-hidden">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
