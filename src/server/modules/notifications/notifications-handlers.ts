import { notificationsApi } from '../../../domain/contract/notifications.ts';
import { area } from '../../http/mount-endpoints.ts';
import { listNotifications, markNotificationViewed } from './notification-service.ts';

/** The notifications bell's calls, scoped to the session's customer. */
export const notificationsArea = area(notificationsApi, {
  listNotifications: ({ deps, session }) => listNotifications(deps.db, session.customerId),
  markNotificationViewed: ({ deps, session, params }) =>
    markNotificationViewed(deps.db, deps.clock, session.customerId, params.id),
});
