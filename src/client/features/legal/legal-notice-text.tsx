import { Trans } from '@lingui/react/macro';
import type { LegalNotice, UsStateWithNotice } from '../../../domain/legal-notice.ts';
import { BRAND_NAME } from '../../lib/brand.ts';
import { useLegalContext } from './use-legal-notice.ts';

function UkNotice() {
  const brand = BRAND_NAME;
  return (
    <p>
      <Trans>
        In the United Kingdom, {brand} Payments Ltd is authorised by the Financial Conduct Authority under the
        Electronic Money Regulations 2011 for the issuing of electronic money and the provision of payment services.
      </Trans>
    </p>
  );
}

function EuNotice() {
  const brand = BRAND_NAME;
  return (
    <p>
      <Trans>
        In the EU and EEA, {brand} Payments Europe is an electronic money institution authorised by its national
        competent authority. Funds held in your wallet are safeguarded and are not covered by a deposit guarantee
        scheme.
      </Trans>
    </p>
  );
}

function CanadaNotice() {
  const brand = BRAND_NAME;
  return (
    <p>
      <Trans>
        In Canada, {brand} Payments Canada Inc. is registered with the Financial Transactions and Reports Analysis
        Centre of Canada (FINTRAC) as a money services business.
      </Trans>
    </p>
  );
}

/** The text of the six states whose regulators ask for their own notice. */
function UsStateNotice({ state }: { state: UsStateWithNotice }) {
  const brand = BRAND_NAME;
  switch (state) {
    case 'IA':
      return (
        <Trans>
          Iowa residents: {brand} US, Inc. is licensed as a money transmitter by the Iowa Division of Banking.
          Complaints may be sent to the Iowa Division of Banking, 200 E. Grand Avenue, Suite 300, Des Moines, IA 50309.
        </Trans>
      );
    case 'MN':
      return (
        <Trans>
          Minnesota residents: {brand} US, Inc. is licensed as a money transmitter by the Minnesota Department of
          Commerce, which you may contact about a complaint.
        </Trans>
      );
    case 'NE':
      return (
        <Trans>
          Nebraska residents: {brand} US, Inc. is licensed as a money transmitter by the Nebraska Department of Banking
          and Finance.
        </Trans>
      );
    case 'ND':
      return (
        <Trans>
          North Dakota residents: {brand} US, Inc. is licensed as a money transmitter by the North Dakota Department of
          Financial Institutions.
        </Trans>
      );
    case 'SD':
      return (
        <Trans>
          South Dakota residents: {brand} US, Inc. is licensed as a money transmitter by the South Dakota Division of
          Banking.
        </Trans>
      );
    case 'WI':
      return (
        <Trans>
          Wisconsin residents: {brand} US, Inc. is licensed as a money transmitter by the Wisconsin Department of
          Financial Institutions.
        </Trans>
      );
  }
}

function UsNotice({ state }: { state: UsStateWithNotice | null }) {
  const brand = BRAND_NAME;
  return (
    <p>
      {state ? (
        <UsStateNotice state={state} />
      ) : (
        <Trans>
          In the United States, {brand} US, Inc. is licensed as a money transmitter in the states where it serves
          customers. If a complaint is not resolved by our support, you may contact your state's financial regulator.
        </Trans>
      )}
    </p>
  );
}

/** The regulatory notice of the customer's region (SPEC §1). */
export function LegalNoticeText({ notice }: { notice: LegalNotice }) {
  switch (notice.region) {
    case 'uk':
      return <UkNotice />;
    case 'eu':
      return <EuNotice />;
    case 'ca':
      return <CanadaNotice />;
    case 'us':
      return <UsNotice state={notice.state} />;
    case 'other':
      return (
        <>
          <UkNotice />
          <EuNotice />
        </>
      );
  }
}

/** The notice of the signed-in customer's region (a receipt's company and regulator line). */
export function CustomerLegalNotice() {
  return <LegalNoticeText notice={useLegalContext().notice} />;
}
