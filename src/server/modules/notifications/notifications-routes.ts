import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSession } from '../../http/require-session.ts';
import { listNotifications, markNotificationViewed } from './notification-service.ts';

/** `/user/messages*` of the main API (contract: src/domain/contract/notifications.ts). */
export function notificationsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/messages', requireSession(), async (c) =>
    c.json({ data: await listNotifications(c.var.deps.db, c.var.session.customerId) }),
  );

  app.post('/messages/:id/viewed', requireSession(), async (c) => {
    const { deps, session } = c.var;
    return c.json({ data: await markNotificationViewed(deps.db, deps.clock, session.customerId, c.req.param('id')) });
  });

  return app;
}
