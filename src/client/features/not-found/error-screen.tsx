import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.ts';
import styles from './not-found.module.css';

/** What a screen shows when it failed to render or load: say so and offer to try again. */
export function ErrorScreen({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className={styles.panel} role="alert" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>This page could not be shown. Check your connection and try again.</Trans>
      </p>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
