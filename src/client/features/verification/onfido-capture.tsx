import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { IdentityDocumentType } from '../../../domain/identity-documents.ts';
import styles from './verification.module.css';

/** Our identity document types as Onfido's Web SDK names them: the customer is asked for the one they chose. */
const SDK_DOCUMENT_TYPES: Record<IdentityDocumentType, string> = {
  Passport: 'passport',
  ID: 'national_identity_card',
  DriversLicense: 'driving_licence',
};

/** The Web SDK's languages for ours; Somali is not among them, so a Somali reader gets English. */
const SDK_LANGUAGES: Readonly<Record<string, string>> = {
  'en-GB': 'en_US',
  'en-US': 'en_US',
  'en-CA': 'en_US',
  sv: 'sv_SE',
};

/** SPEC §9's document detection timeout: a capture not finished in 5 minutes is ended, and the form shown again. */
const CAPTURE_TIMEOUT_MS = 300_000;

/**
 * Onfido's Web SDK (`IDENTITY_CAPTURE=onfido`), started in place with the
 * SDK token the server's `/user/ekyc` gave: it takes the chosen document
 * and a selfie with the camera and uploads them to Onfido itself. This file
 * and the SDK's loader are one chunk loaded only here (`onfido` group in
 * `vite.config.ts`), never in the first load or the precache; the loader
 * then fetches the SDK from Onfido's own origin, which the page's CSP
 * allows only when Onfido is the capture provider.
 */
export default function OnfidoCapture({
  token,
  documentType,
  onComplete,
  onFailed,
  onTimedOut,
}: {
  token: string;
  documentType: IdentityDocumentType;
  onComplete: () => void;
  onFailed: (error: unknown) => void;
  onTimedOut: () => void;
}) {
  const { i18n } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  // the callbacks of the latest render, so the SDK is started once per token
  const callbacks = useRef({ onComplete, onFailed, onTimedOut });
  callbacks.current = { onComplete, onFailed, onTimedOut };

  useEffect(() => {
    let handle: { tearDown: () => Promise<void> } | undefined;
    let ended = false;
    const timer = setTimeout(() => callbacks.current.onTimedOut(), CAPTURE_TIMEOUT_MS);
    void import('onfido-sdk-ui')
      .then(({ Onfido }) => {
        if (ended || !container.current) return;
        handle = Onfido.init({
          token,
          containerEl: container.current,
          language: SDK_LANGUAGES[i18n.locale] ?? 'en_US',
          steps: [
            { type: 'document', options: { documentTypes: { [SDK_DOCUMENT_TYPES[documentType]]: true } } },
            'face',
          ],
          onComplete: () => {
            clearTimeout(timer);
            callbacks.current.onComplete();
          },
          onError: (error) => callbacks.current.onFailed(error),
        });
      })
      .catch((error: unknown) => callbacks.current.onFailed(error));
    return () => {
      ended = true;
      clearTimeout(timer);
      void handle?.tearDown();
    };
  }, [token, documentType, i18n.locale]);

  return <div ref={container} className={styles.sdkCapture} data-testid="onfido-capture" />;
}
