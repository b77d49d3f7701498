import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { BRAND_NAME } from '../lib/brand.ts';
import { LogoMark } from '../ui/icons.tsx';
import styles from './brand-logo.module.css';

interface BrandLogoProps {
  to: '/' | '/home' | '/transfers';
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The Sarraf mark and name, linking to where the layout's "start" is. */
export function BrandLogo({ to, onClick }: BrandLogoProps) {
  return (
    <Link to={to} className={styles.logo} onClick={onClick}>
      <LogoMark className={styles.mark} />
      <span className={styles.name}>{BRAND_NAME}</span>
    </Link>
  );
}

/** The mark and name without a link, for the onboarding splash. */
export function BrandWordmark() {
  return (
    <span className={styles.logo}>
      <LogoMark className={styles.mark} />
      <span>{BRAND_NAME}</span>
    </span>
  );
}
