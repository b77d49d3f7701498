import { Trans } from '@lingui/react/macro';
import { buttonClass } from '../../ui/button.ts';
import { formatCountdown, useCountdown } from '../countdown.ts';

interface ResendCodeProps {
  /** when a new code may be asked for (ms since the epoch) */
  availableAt: number;
  sending: boolean;
  onResend: () => void;
}

/**
 * "Resend code", counting down until the API allows a new code (SPEC §9:
 * the OTP resend timer). The wait is on the button; a polite live region
 * says once when asking again becomes possible, rather than every second.
 */
export function ResendCode({ availableAt, sending, onResend }: ResendCodeProps) {
  const seconds = useCountdown(availableAt);
  const wait = formatCountdown(seconds, 1);
  return (
    <div>
      <button type="button" className={buttonClass('secondary')} disabled={seconds > 0 || sending} onClick={onResend}>
        {seconds > 0 ? (
          <Trans>Resend code in {wait}</Trans>
        ) : sending ? (
          <Trans>Sending a new code…</Trans>
        ) : (
          <Trans>Resend code</Trans>
        )}
      </button>
      <p role="status" className="visually-hidden">
        {seconds === 0 && !sending ? <Trans>You can ask for a new code now.</Trans> : null}
      </p>
    </div>
  );
}
