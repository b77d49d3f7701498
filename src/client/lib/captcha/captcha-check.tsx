import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { solveCaptcha } from './captcha-token.ts';

interface CaptchaCheckProps {
  id: string;
  /** the token of the solved captcha; null until the box is ticked, and again once a call has used it */
  token: string | null;
  onToken: (token: string | null) => void;
  onFailure: (error: unknown) => void;
}

/**
 * The captcha step of a form, as the sandbox provider's widget: ticking
 * "I'm not a robot" fetches the token the API will check. A real
 * provider's widget takes this component's place.
 */
export function CaptchaCheck({ id, token, onToken, onFailure }: CaptchaCheckProps) {
  const [solving, setSolving] = useState(false);

  const change = async (checked: boolean) => {
    if (!checked) return onToken(null);
    setSolving(true);
    try {
      onToken(await solveCaptcha());
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
      disabled={solving}
      onChange={(event) => void change(event.target.checked)}
    />
  );
}
