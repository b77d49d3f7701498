import webPush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import type { PushSender } from './push-sender.ts';
import { webPushSender } from './web-push-sender.ts';

/** The sandbox's documented local push endpoints: http(s) on this machine (README "Web push"). */
export function isLocalPushEndpoint(endpoint: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(endpoint.hostname);
}

/**
 * The sandbox push sender: the real encryption and signing, but nothing
 * leaves the machine (DESIGN §4). Pushes to a local endpoint are sent; those
 * to a browser's real push service are withheld. Without configured VAPID
 * keys it makes an ephemeral pair at start: subscriptions then last until
 * the server restarts.
 */
export function sandboxPushSender(vapid: VapidConfig | undefined): PushSender {
  const keys = vapid ?? { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@sarraf.example' };
  return webPushSender(keys, { mayReach: isLocalPushEndpoint });
}
