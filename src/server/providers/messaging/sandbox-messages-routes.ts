import { Hono } from 'hono';
import { sql } from 'kysely';
import { object, pattern, size, string } from 'superstruct';
import type { AppEnv } from '../../http/app-env.ts';
import { queryParams } from '../../http/validate.ts';

const RECENT_LIMIT = 20;

const MessagesQuery = object({ to: size(pattern(string(), /\S/), 1, 320) });

/**
 * How a recipient is looked up: e-mail case-insensitively, and a phone number
 * typed unencoded in a browser (`?to=+4670…` arrives as ` 4670…`) still found.
 */
function recipientKey(to: string): string {
  const trimmed = to.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? `+${trimmed}` : trimmed;
}

/**
 * The sandbox outbox: what the sandbox messaging provider "sent" to one
 * address or phone number, newest first, so tests and demo users can read
 * their codes. Mounted only in sandbox mode.
 */
export function sandboxMessagesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/messages', queryParams(MessagesQuery), async (c) => {
    const { to } = c.req.valid('query');
    const rows = await c.var.deps.db
      .selectFrom('sandbox_messages')
      .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
      .where(sql<string>`lower(recipient)`, '=', recipientKey(to))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
    return c.json({
      data: rows.map((r) => ({
        id: String(r.id),
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        created_at: r.created_at.toISOString(),
      })),
    });
  });
  return app;
}
