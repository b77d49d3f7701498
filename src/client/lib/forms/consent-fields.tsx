import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { LegalLink } from '../../ui/legal-link.tsx';

type ConsentField = 'accept_terms' | 'accept_privacy';

/** The two consents a registration form holds, unticked unless `initial` (a kept draft) says otherwise. */
export function useConsent(initial: { acceptTerms: boolean; acceptPrivacy: boolean } = NONE_ACCEPTED) {
  const [acceptTerms, setAcceptTerms] = useState(initial.acceptTerms);
  const [acceptPrivacy, setAcceptPrivacy] = useState(initial.acceptPrivacy);
  return { acceptTerms, acceptPrivacy, setAcceptTerms, setAcceptPrivacy };
}

const NONE_ACCEPTED = { acceptTerms: false, acceptPrivacy: false };

/**
 * A registration's consent to the country's terms and conditions and privacy policy (SPEC §5 `accept_terms`,
 * `accept_privacy`), each box with a link to read its document: the e-mail or phone registration and the bank-ID one.
 */
export function ConsentFields({
  consent,
  form,
  documents,
}: {
  consent: ReturnType<typeof useConsent>;
  form: { fieldId: (field: ConsentField) => string; errorText: (field: ConsentField) => string | undefined };
  /** the country's legal documents (its locator entry) */
  documents: { terms_and_conditions: string; privacy_policy: string };
}) {
  return (
    <>
      <CheckboxField
        id={form.fieldId('accept_terms')}
        label={<Trans>I accept the terms and conditions</Trans>}
        hint={<LegalLink href={documents.terms_and_conditions} text={<Trans>Read the terms and conditions</Trans>} />}
        error={form.errorText('accept_terms')}
        checked={consent.acceptTerms}
        onChange={(event) => consent.setAcceptTerms(event.target.checked)}
      />
      <CheckboxField
        id={form.fieldId('accept_privacy')}
        label={<Trans>I accept the privacy policy</Trans>}
        hint={<LegalLink href={documents.privacy_policy} text={<Trans>Read the privacy policy</Trans>} />}
        error={form.errorText('accept_privacy')}
        checked={consent.acceptPrivacy}
        onChange={(event) => consent.setAcceptPrivacy(event.target.checked)}
      />
    </>
  );
}
