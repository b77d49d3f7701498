import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import styles from './loader-overlay.module.css';

/*
 * What stands where a screen, or a part of one, waits for its data: the loader, and the parts of a screen revealed
 * together once they have all loaded (one module: the parts that load already import the loader).
 */

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

type Hold = (id: string, waiting: boolean) => void;

const HoldContext = createContext<Hold | undefined>(undefined);

interface RevealTogetherProps {
  /** what stands in the parts' place until they have all come (a loader) */
  loading: ReactNode;
  /** one more wait, of the parts' parent (its own call) */
  waiting?: boolean;
  children: ReactNode;
}

/**
 * Parts of a screen that each load their own data, shown together: `loading`
 * until every part has its answer (or has failed), then all at once, so no
 * part's answer moves the parts already shown (no layout shift). The parts
 * are rendered from the start (their calls go out at once), out of sight.
 * Once shown they stay: a part that loads again later shows its own wait.
 * A part holds the reveal with `useHoldReveal`.
 */
export function RevealTogether({ loading, waiting = false, children }: RevealTogetherProps) {
  const [shown, setShown] = useState(false);
  const pending = useRef(new Set<string>());
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const hold = useCallback<Hold>((id, on) => {
    if (on) pending.current.add(id);
    else if (pending.current.delete(id)) recheck();
  }, []);
  const ownId = useId();
  useLayoutEffect(() => hold(ownId, waiting), [hold, ownId, waiting]);
  // after each of its renders, once the parts' effects have run (a part done and the parts it brings in, in the same
  // commit, hold first), before the browser paints: the parts come in the same frame as their last answer
  useLayoutEffect(() => {
    if (!shown && pending.current.size === 0) setShown(true);
  });

  return (
    <HoldContext value={shown ? undefined : hold}>
      {shown ? null : loading}
      <div hidden={!shown} className={styles.parts}>
        {children}
      </div>
    </HoldContext>
  );
}

/** A part of a `RevealTogether` holds its reveal while `waiting`; outside one, nothing. */
export function useHoldReveal(waiting: boolean): void {
  const hold = useContext(HoldContext);
  const id = useId();
  useLayoutEffect(() => {
    if (!hold || !waiting) return;
    hold(id, true);
    return () => hold(id, false);
  }, [hold, id, waiting]);
}
