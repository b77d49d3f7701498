import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.ts';

/** /successfully-verified: the customer is verified and can send money. */
export function VerifiedScreen() {
  return (
    <>
      <h1>
        <Trans>You are verified</Trans>
      </h1>
      <p role="status">
        <Trans>Your identity has been confirmed. You can now send money up to your yearly limit.</Trans>
      </p>
      <Link to="/send-money/quote" className={buttonClass('primary')}>
        <Trans>Send money</Trans>
      </Link>
    </>
  );
}
