import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { verificationApi } from '../../../domain/contract/verification.ts';
import { acceptedIdentityDocuments, type IdentityDocumentType } from '../../../domain/identity-documents.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import styles from './verification.module.css';
import { DOCUMENT_TYPE_TEXTS } from './verification-texts.ts';

/** Onfido's Web SDK, fetched only when the server starts a capture with it (`sdk` in the answer). */
const OnfidoCapture = lazy(() => import('./onfido-capture.tsx'));

const SDK_FAILED = msg`The camera check could not open. Try again, or upload photos of your document instead.`;
const SDK_TIMED_OUT = msg`The camera check was not finished within 5 minutes, so it was closed. Try again, or upload photos of your document instead.`;

/**
 * The identity check with the camera (SPEC `/user/ekyc`): the customer
 * chooses their document (one accepted where they live) and goes to the identity provider's page, which
 * takes a photo of it and a selfie and sends them back to the wait screen.
 * Without a camera the provider sends them back to the profile's upload.
 */
export function CameraCapture({ country }: { country: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const [type, setType] = useState<IdentityDocumentType>('Passport');
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Text | null>(null);
  const [sdk, setSdk] = useState<{ token: string; documentType: IdentityDocumentType; next: string } | null>(null);

  function backToForm(reason: Text) {
    setSdk(null);
    setStarting(false);
    setProblem(reason);
  }

  async function start(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    setStarting(true);
    try {
      const started = await call(verificationApi.startCapture, { body: { document_type: type } });
      // with a capture SDK, the photos are taken here first; then on to the wait screen as from a provider's page
      if (started.sdk) setSdk({ token: started.sdk.token, documentType: type, next: started.redirect_url });
      else window.location.assign(started.redirect_url);
    } catch (error) {
      setStarting(false);
      if (error instanceof ApiFailure && error.status < 500 && error.status > 0) setProblem(textFor(error.message));
      else reportUnexpected(error, setProblem);
    }
  }

  if (sdk) {
    return (
      <Suspense
        fallback={
          <LoaderOverlay>
            <Trans>Opening the camera check…</Trans>
          </LoaderOverlay>
        }
      >
        <OnfidoCapture
          token={sdk.token}
          documentType={sdk.documentType}
          onComplete={() => window.location.assign(sdk.next)}
          onFailed={(error) => {
            // the SDK's own failure (no camera allowed, its script unreachable, the token expired): the form again
            console.error(error);
            backToForm(SDK_FAILED);
          }}
          onTimedOut={() => backToForm(SDK_TIMED_OUT)}
        />
      </Suspense>
    );
  }

  return (
    <form className={styles.upload} onSubmit={start} noValidate>
      <p className={styles.tips}>
        <Trans>
          The quickest way: our identity partner takes a photo of your document and a selfie with your camera. It takes
          about two minutes.
        </Trans>
      </p>
      <FormField id={`${id}-capture-type`} label={<Trans>Which document will you show?</Trans>}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={type}
            onChange={(event) => setType(event.target.value as IdentityDocumentType)}
          >
            {/* the documents accepted where the customer lives, as `api/v2/docs-info` lists them */}
            {acceptedIdentityDocuments(country).map(({ document_type: choice }) => (
              <option key={choice} value={choice}>
                {i18n._(DOCUMENT_TYPE_TEXTS[choice])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {problem ? <InlineMessage tone="error">{showText(i18n, problem)}</InlineMessage> : null}
      <button type="submit" className={buttonClass('primary')} disabled={starting}>
        {starting ? <Trans>Opening the camera check…</Trans> : <Trans>Verify with your camera</Trans>}
      </button>
    </form>
  );
}
