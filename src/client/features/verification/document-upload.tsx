import { Trans } from '@lingui/react/macro';
import { type UploadFileField, verificationApi } from '../../../domain/contract/verification.ts';
import { ADDRESS_PROOF_TYPES, FUNDS_PROOF_TYPES } from '../../../domain/identity-documents.ts';
import type { DocumentKind } from '../../../domain/verification-machine.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { type TypeChoice, UploadWizard, type WizardEnds } from './upload-wizard.tsx';

const PROOF_CHOICES: Record<'address' | 'source_of_funds', TypeChoice[]> = {
  address: ADDRESS_PROOF_TYPES.map((type) => ({ type, fields: ['scan1'] })),
  source_of_funds: FUNDS_PROOF_TYPES.map((type) => ({ type, fields: ['scans[]'] })),
};

/** The document choices for an identity document: those accepted where the customer lives (`api/v2/docs-info`). */
function IdentityUpload({ country, ...steps }: { country: string } & WizardEnds) {
  const info = useEndpoint(verificationApi.docsInfo, { body: { iso_code: country } });
  if (info.status === 'loading')
    return (
      <LoaderOverlay type="text">
        <Trans>Loading the documents we accept…</Trans>
      </LoaderOverlay>
    );
  if (info.status === 'failed')
    return (
      <LoadFailed onRetry={info.reload}>
        <Trans>We couldn't load the documents we accept.</Trans>
      </LoadFailed>
    );
  const choices = info.data.documents.map((doc) => ({
    type: doc.document_type,
    fields: [
      'scan1',
      ...(doc.backImage ? (['scan2'] as const) : []),
      ...(doc.selfie ? (['selfie'] as const) : []),
    ] as UploadFileField[],
  }));
  return <UploadWizard kind="identity" choices={choices} {...steps} />;
}

/**
 * The upload of one requested document (SPEC §4 manual upload wizard): choose its type, then add each side it
 * needs, by camera or from files; what the server refuses is said on the file it concerns. `onSkip` is given for
 * an optional request.
 */
export function DocumentUpload({ kind, country, ...steps }: { kind: DocumentKind; country: string } & WizardEnds) {
  if (kind === 'identity') return <IdentityUpload country={country} {...steps} />;
  return <UploadWizard kind={kind} choices={PROOF_CHOICES[kind]} {...steps} />;
}
