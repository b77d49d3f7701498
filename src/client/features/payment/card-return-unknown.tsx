import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Back from a card check that names no payment this app follows. */
export function CardReturnUnknown() {
  return (
    <>
      <h1>
        <Trans>Card verification</Trans>
      </h1>
      <p>
        <Trans>There is no payment to check here. Your transfers list shows what you have paid.</Trans>
      </p>
      <Link to="/transfers">
        <Trans>See your transfers</Trans>
      </Link>
    </>
  );
}
