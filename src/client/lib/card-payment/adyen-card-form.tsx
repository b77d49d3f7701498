import { AdyenCheckout, Card } from '@adyen/adyen-web';
import adyenStylesheet from '@adyen/adyen-web/styles/adyen.css?url';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AdyenCardFields } from '../../../domain/contract/card-gateway.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { CardFormFrame, type CardFormProps, SaveAndSubmit } from './card-form.tsx';

/** Adyen's locales for ours; Somali has none, so English. */
const ADYEN_LOCALES: Readonly<Record<string, string>> = {
  'en-GB': 'en-GB',
  'en-US': 'en-US',
  'en-CA': 'en-US',
  sv: 'sv-SE',
};

/**
 * Adyen's styles (19 KB gzip), a file of their own loaded with the component: the app's own styles are one file every
 * page loads (vite.config.ts, `cssCodeSplit`), and Adyen's would have tripled it. Once loaded they stay; a failed load
 * is tried again with the component.
 */
let stylesheet: Promise<void> | undefined;
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = adyenStylesheet;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      stylesheet = undefined;
      reject(new Error('Adyen Web’s styles did not load'));
    });
    document.head.append(link);
  });
  return stylesheet;
}

/** The fields of the component's state we send: Adyen's encrypted values and what it detected, nothing else. */
function encryptedFields(paymentMethod: Record<string, unknown>): AdyenCardFields | undefined {
  const text = (name: string) =>
    typeof paymentMethod[name] === 'string' ? (paymentMethod[name] as string) : undefined;
  const number = text('encryptedCardNumber');
  const month = text('encryptedExpiryMonth');
  const year = text('encryptedExpiryYear');
  if (!number || !month || !year) return undefined;
  const cvc = text('encryptedSecurityCode');
  const holderName = text('holderName');
  const brand = text('brand');
  return {
    type: 'scheme',
    encryptedCardNumber: number,
    encryptedExpiryMonth: month,
    encryptedExpiryYear: year,
    ...(cvc ? { encryptedSecurityCode: cvc } : {}),
    ...(holderName ? { holderName } : {}),
    ...(brand ? { brand } : {}),
  };
}

interface AdyenCardFormProps extends CardFormProps {
  clientKey: string;
  environment: 'test' | 'live';
}

/**
 * Adyen's card component (Adyen Web): the number, expiry and security code
 * are fields in Adyen's own frames, encrypted there with Adyen's key; we get
 * only the encrypted values, which go to our API as `card_fields`.
 */
export default function AdyenCardForm({
  clientKey,
  environment,
  submitLabel,
  busyLabel,
  consent,
  onCard,
  onEdit,
}: AdyenCardFormProps) {
  const { i18n } = useLingui();
  const mountAt = useRef<HTMLDivElement>(null);
  const card = useRef<Card>(undefined);
  const [busy, setBusy] = useState(false);
  const [save, setSave] = useState(false);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const edited = useRef(onEdit);
  edited.current = onEdit;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is what starts the component again
  useEffect(() => {
    let mounted: Card | undefined;
    let stopped = false;
    setFailed(false);
    const start = async () => {
      const [checkout] = await Promise.all([
        AdyenCheckout({
          clientKey,
          environment,
          locale: ADYEN_LOCALES[i18n.locale] ?? 'en-US',
          countryCode: 'GB',
          // no usage analytics to Adyen: the component talks to Adyen only to encrypt the card
          analytics: { enabled: false },
          onChange: () => edited.current(),
        }),
        // styled from its first paint: the component shows only once its styles are here
        loadStylesheet(),
      ]);
      if (stopped || !mountAt.current) return;
      mounted = new Card(checkout, {
        brands: ['visa', 'mc'],
        hasHolderName: true,
        holderNameRequired: true,
        showPayButton: false,
      }).mount(mountAt.current);
      card.current = mounted;
    };
    // Adyen's script or its frames could not start (offline, a blocked origin): say so, with a way to try again
    start().catch(() => setFailed(true));
    return () => {
      stopped = true;
      mounted?.unmount();
      card.current = undefined;
    };
  }, [clientKey, environment, i18n.locale, round]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const element = card.current;
    if (!element) return;
    const fields = element.isValid ? encryptedFields(element.data.paymentMethod ?? {}) : undefined;
    if (!fields) {
      element.showValidation();
      return;
    }
    setBusy(true);
    try {
      await onCard({ gateway: 'adyen', fields }, { save: consent !== undefined && save });
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardFormFrame onSubmit={(event) => void submit(event)}>
      {failed ? (
        <LoadFailed onRetry={() => setRound((n) => n + 1)}>
          <Trans>We could not load the card form.</Trans>
        </LoadFailed>
      ) : null}
      <div ref={mountAt} data-testid="adyen-card" />
      <SaveAndSubmit
        consent={consent}
        save={save}
        onSave={(checked) => {
          setSave(checked);
          onEdit();
        }}
        busy={busy}
        busyLabel={busyLabel}
        submitLabel={submitLabel}
      />
    </CardFormFrame>
  );
}
