import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass } from './button.ts';
import styles from './header-popover.module.css';

interface HeaderPopoverProps {
  /** The button's accessible name. */
  label: string;
  icon: ReactNode;
  /** a short count shown on the button (its accessible name says it in words) */
  badge?: string | undefined;
  width: 'wide' | 'narrow';
  className?: string;
  /** Called each time the popover opens. */
  onOpen?: () => void;
  children: ReactNode;
}

/**
 * A header button with its popover (native `popover="auto"`): opening one
 * closes the others, a click outside or Escape closes it.
 */
export function HeaderPopover({ label, icon, badge, width, className, onOpen, children }: HeaderPopoverProps) {
  const id = useId();
  const popover = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = popover.current;
    if (!element) return;
    // Following a link inside leaves the page, so the popover goes with it.
    const closeOnLink = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a')) element.hidePopover();
    };
    element.addEventListener('click', closeOnLink);
    return () => element.removeEventListener('click', closeOnLink);
  }, []);

  useEffect(() => {
    const element = popover.current;
    if (!element || !onOpen) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') onOpen();
    };
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, [onOpen]);

  return (
    <div className={className}>
      <button
        type="button"
        popoverTarget={id}
        className={`${buttonClass('ghost', { icon: true })} ${styles.trigger}`}
        aria-label={label}
      >
        {icon}
        {badge ? (
          <span className={styles.badge} aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      <div ref={popover} id={id} popover="auto" className={`${styles.popover} ${styles[width]}`}>
        {children}
      </div>
    </div>
  );
}
