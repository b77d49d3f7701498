import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { brandFor } from '../../domain/brands.ts';
import { useLegalContext } from '../features/legal/use-legal-notice.ts';
import { LogoMark } from '../ui/icons.tsx';
import styles from './brand-logo.module.css';

/**
 * The mark, the brand's word and its region tag (Sarraf US carries "US"), by
 * the customer's region; `nameClass` styles the word.
 */
function BrandLockup({ nameClass }: { nameClass?: string | undefined }) {
  const { word, tag } = brandFor(useLegalContext().notice.region).logo;
  return (
    <>
      <LogoMark className={styles.mark} />
      <span className={nameClass}>{word}</span>
      {/* the space makes the name read "Sarraf US"; a flex container does not draw it */}
      {tag ? (
        <>
          {' '}
          <span className={styles.tag}>{tag}</span>
        </>
      ) : null}
    </>
  );
}

interface BrandLogoProps {
  to: '/' | '/home' | '/transfers';
  /** the mark (and region tag) alone on phones, the name for screen readers: a header with more to hold */
  compact?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The brand's logo, linking to where the layout's "start" is. */
export function BrandLogo({ to, onClick, compact = false }: BrandLogoProps) {
  return (
    <Link to={to} className={`${styles.logo} ${compact ? styles.compact : ''}`} onClick={onClick}>
      <BrandLockup nameClass={styles.name} />
    </Link>
  );
}

/** The brand's logo without a link, for the onboarding splash. */
export function BrandWordmark() {
  return (
    <span className={styles.logo}>
      <BrandLockup />
    </span>
  );
}
