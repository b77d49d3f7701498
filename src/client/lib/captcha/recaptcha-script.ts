/**
 * Google reCAPTCHA's script, loaded the first time a check is asked for
 * (never with the page): `api.js` with the invisible check's site key, which
 * also renders the "I'm not a robot" checkbox explicitly.
 * https://developers.google.com/recaptcha/docs/v3 and /docs/display
 */

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

let loading: Promise<Grecaptcha> | undefined;

export function loadRecaptcha(scoreSiteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(scoreSiteKey)}`;
    script.async = true;
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('the reCAPTCHA script loaded without grecaptcha'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('the reCAPTCHA script could not be loaded'));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
