import { useSyncExternalStore } from 'react';

/** Chromium's event offering to install the app (not in the DOM typings: it is not a standard). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isInstallPrompt = (event: Event): event is BeforeInstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event;

let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = (next: BeforeInstallPromptEvent | null) => {
  offered = next;
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer instead of letting it show its own banner on a first visit: the app offers
 * it at a moment of its choosing (`InstallOffer`). Called first thing at start, before the event can fire.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPrompt(event)) return;
    event.preventDefault();
    changed(event);
  });
  window.addEventListener('appinstalled', () => changed(null));
}

/** Whether the browser has offered to install Sarraf on this page (it never does once installed). */
export function useInstallable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered !== null,
  );
}

/** Shows the browser's own install dialog; true when the customer installed. The offer can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  changed(null);
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
