import { Trans, useLingui } from '@lingui/react/macro';
import type { SourceCountry } from '../../../domain/countries.ts';
import { legalNotice } from '../../../domain/legal-notice.ts';
import { countryInText } from '../../lib/country-in-text.ts';
import styles from './legal.module.css';
import { legalEntity } from './legal-entity.ts';

export type LegalDocument = 'terms' | 'privacy';

/** Says plainly that the page is the sandbox's sample text, not a contract. */
function SampleTextNotice() {
  return (
    <p className={styles.sample}>
      <Trans>
        This is sample text for the sandbox: it shows where the real document will stand and is not a contract.
      </Trans>
    </p>
  );
}

function Terms({ entity }: { entity: string }) {
  return (
    <>
      <h2>
        <Trans>Who we are</Trans>
      </h2>
      <p>
        <Trans>Your transfers in this country are provided by {entity}.</Trans>
      </p>
      <h2>
        <Trans>Sending money</Trans>
      </h2>
      <p>
        <Trans>
          Before you pay, we show the fee, the exchange rate, the total you pay and the amount your recipient gets. A
          quote holds for a limited time; after that we quote again.
        </Trans>
      </p>
      <h2>
        <Trans>Cancelling and refunds</Trans>
      </h2>
      <p>
        <Trans>
          You can cancel a transfer until it is paid out. If a transfer cannot be paid out, we refund what you paid.
        </Trans>
      </p>
    </>
  );
}

function Privacy({ entity }: { entity: string }) {
  return (
    <>
      <h2>
        <Trans>Who keeps your data</Trans>
      </h2>
      <p>
        <Trans>{entity} is responsible for the personal data you give us.</Trans>
      </p>
      <h2>
        <Trans>What we collect and why</Trans>
      </h2>
      <p>
        <Trans>
          Your name, contact details, address, date of birth and identity documents, to verify you as the law requires,
          and the details of your transfers and recipients, to send your money.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can ask to see, correct or delete your data, and object to its use. Analytics run only if you accept
          cookies.
        </Trans>
      </p>
    </>
  );
}

/** /legal/{country}/terms-and-conditions and …/privacy-policy: served by Sarraf itself, in every language. */
export function LegalDocumentScreen({ document, source }: { document: LegalDocument; source: SourceCountry }) {
  const { i18n } = useLingui();
  const entity = legalEntity(legalNotice(source.iso2));
  const countryName = countryInText(i18n.locale, source.iso2);
  return (
    <article className={styles.document}>
      <h1>{document === 'terms' ? <Trans>Terms and conditions</Trans> : <Trans>Privacy policy</Trans>}</h1>
      <p>
        <Trans>For customers resident in {countryName}.</Trans>
      </p>
      <SampleTextNotice />
      {document === 'terms' ? <Terms entity={entity} /> : <Privacy entity={entity} />}
    </article>
  );
}
