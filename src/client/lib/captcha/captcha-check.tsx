import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ClientCaptcha } from '../../../domain/contract/client-providers.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { useClientProviders } from '../client-providers.ts';
import { solveSandboxCaptcha } from './captcha-token.ts';
import { loadRecaptcha } from './recaptcha-script.ts';

interface CaptchaCheckProps {
  id: string;
  /** the token of the solved captcha; null until the box is ticked, and again once a call has used it */
  token: string | null;
  onToken: (token: string | null) => void;
  onFailure: (error: unknown) => void;
}

/**
 * The captcha step of a form: the provider's "I'm not a robot" check, as
 * the server says which (`client-providers`). Ticking it hands over the
 * token the API will check.
 */
export function CaptchaCheck(props: CaptchaCheckProps) {
  const captcha = useClientProviders()?.captcha;
  if (captcha?.kind === 'recaptcha') return <RecaptchaCheckbox {...props} captcha={captcha} />;
  return <SandboxCheckbox {...props} url={captcha?.url} />;
}

/** The sandbox's widget: our own checkbox, whose tick fetches the sandbox's passing token. */
function SandboxCheckbox({ id, token, onToken, onFailure, url }: CaptchaCheckProps & { url: string | undefined }) {
  const [solving, setSolving] = useState(false);

  const change = async (checked: boolean) => {
    if (!checked) return onToken(null);
    if (url === undefined) return;
    setSolving(true);
    try {
      onToken(await solveSandboxCaptcha(url));
    } catch (error) {
      onFailure(error);
    } finally {
      setSolving(false);
    }
  };

  return (
    <CheckboxField
      id={id}
      label={<Trans>I'm not a robot</Trans>}
      checked={token !== null}
      disabled={solving || url === undefined}
      onChange={(event) => void change(event.target.checked)}
    />
  );
}

type Recaptcha = Extract<ClientCaptcha, { kind: 'recaptcha' }>;

/** Google's own checkbox (reCAPTCHA v2) in its frame; a used token resets it, so the customer ticks it again. */
function RecaptchaCheckbox({ id, token, onToken, onFailure, captcha }: CaptchaCheckProps & { captcha: Recaptcha }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ id: number; reset: (widgetId: number) => void } | null>(null);
  const handlers = useRef({ onToken, onFailure });
  handlers.current = { onToken, onFailure };

  useEffect(() => {
    let gone = false;
    loadRecaptcha(captcha.score_site_key).then(
      (grecaptcha) => {
        if (gone || !container.current || widget.current) return;
        const widgetId = grecaptcha.render(container.current, {
          sitekey: captcha.checkbox_site_key,
          callback: (solved) => handlers.current.onToken(solved),
          'expired-callback': () => handlers.current.onToken(null),
          'error-callback': () => handlers.current.onToken(null),
        });
        widget.current = { id: widgetId, reset: (at) => grecaptcha.reset(at) };
      },
      (error: unknown) => handlers.current.onFailure(error),
    );
    return () => {
      gone = true;
    };
  }, [captcha.score_site_key, captcha.checkbox_site_key]);

  useEffect(() => {
    if (token === null && widget.current) widget.current.reset(widget.current.id);
  }, [token]);

  return <div id={id} ref={container} />;
}
