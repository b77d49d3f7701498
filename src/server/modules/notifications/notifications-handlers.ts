import { notificationsApi } from '../../../domain/contract/notifications.ts';
import { area } from '../../http/mount-endpoints.ts';
import { listNotifications, markNotificationViewed } from './notification-service.ts';
import { renewPushSubscription, subscribePush, unsubscribePush } from './push-subscriptions.ts';

/** The notifications bell's calls and the web push subscriptions, scoped to the session's customer. */
export const notificationsArea = area(notificationsApi, {
  listNotifications: ({ deps, session, query }) => listNotifications(deps.db, session.customerId, query),
  markNotificationViewed: ({ deps, session, params }) =>
    markNotificationViewed(deps.db, deps.clock, session.customerId, params.id),
  getPushPublicKey: async ({ deps }) => ({ public_key: deps.providers.push.publicKey }),
  subscribePush: ({ deps, session, body }) => subscribePush(deps, session, body),
  renewPush: ({ deps, body }) => renewPushSubscription(deps, body),
  unsubscribePush: ({ deps, session, body }) => unsubscribePush(deps.db, session.customerId, body.endpoint),
});
