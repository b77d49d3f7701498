import { type ComponentType, useEffect, useState } from 'react';

// The notice and analytics are not part of the first load: their chunk starts loading with the routes' (each page
// names it beside its own chunks), so the notice is there when the first screen renders and shows in that same
// render. (Behind React.lazy it came in a render of its own, up to 300 ms later: React holds back what a Suspense
// boundary reveals.) Failing to load, it is left out: the app works without it.
let CookieConsent: ComponentType | undefined;
const loaded = import('./cookie-consent.tsx').then(
  (module) => {
    CookieConsent = module.default;
    return module.default;
  },
  () => undefined,
);

/** The cookie notice until the customer answers, and page views once they accept (`cookie-consent.tsx`). */
export function CookieConsentHost() {
  const [Notice, setNotice] = useState(() => CookieConsent);
  useEffect(() => {
    if (!Notice) void loaded.then((component) => component && setNotice(() => component));
  }, [Notice]);
  return Notice ? <Notice /> : null;
}
