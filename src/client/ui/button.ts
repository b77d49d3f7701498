import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** Class names for a button, or a link that looks like one. */
export function buttonClass(variant: ButtonVariant, options: { icon?: boolean } = {}): string {
  return [styles.button, styles[variant], options.icon ? styles.icon : undefined].filter(Boolean).join(' ');
}
