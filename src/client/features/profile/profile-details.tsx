import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { User } from '../../../domain/contract/user.ts';
import { displayNames } from '../../../domain/intl-formats.ts';
import { isVerificationStatus } from '../../../domain/verification.ts';
import { verificationStatusText } from '../../lib/verification-status-text.ts';
import cardStyles from '../../ui/card.module.css';
import styles from './profile.module.css';

/** /profile's personal details: name, address, verification status and language (contact-settings.tsx has the e-mail and mobile). */
export function ProfileDetails({ user }: { user: User }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const status = isVerificationStatus(user.verification.status) ? user.verification.status : 'Pass';
  const language = displayNames(i18n.locale, { type: 'language' }).of(i18n.locale) ?? i18n.locale;
  const address = user.address
    ? [user.address.street, user.address.city, user.address.postcode, user.address.province].filter(Boolean).join(', ')
    : null;
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Personal details</Trans>
      </h2>
      <dl className={styles.details}>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{user.name ?? <Trans>Not given yet</Trans>}</dd>
        <dt>
          <Trans>Address</Trans>
        </dt>
        <dd>{address ?? <Trans>Not given yet</Trans>}</dd>
        <dt>
          <Trans>Verification</Trans>
        </dt>
        <dd>{i18n._(verificationStatusText(status))}</dd>
        <dt>
          <Trans>Language</Trans>
        </dt>
        <dd>{language}</dd>
      </dl>
    </section>
  );
}
