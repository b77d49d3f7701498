import type { MessagingProvider } from './messaging/messaging-provider.ts';

/**
 * Every external provider Sarraf talks to, as an interface. Sandbox adapters
 * implement them here; a production adapter is one new file per provider.
 */
export interface Providers {
  messaging: MessagingProvider;
}
