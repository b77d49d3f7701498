import { type APIRequestContext, expect } from '@playwright/test';

export interface OutboxMessage {
  subject: string;
  body: string;
}

export async function messagesTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get('/sandbox/messages', { params: { to } });
  expect(response.ok(), `GET /sandbox/messages answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/**
 * The verification code in the newest message the sandbox outbox holds for
 * `email`, once it holds more than `alreadySeen` of them (the outbox worker
 * sends asynchronously, so this waits for it).
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  alreadySeen = 0,
): Promise<{ code: string; seen: number }> {
  let messages: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await messagesTo(request, email);
        return messages.length;
      },
      { message: `a new code e-mailed to ${email}`, timeout: 15_000 },
    )
    .toBeGreaterThan(alreadySeen);
  const [newest] = messages;
  const code = /\b(\d{6})\b/.exec(`${newest?.subject}\n${newest?.body}`)?.[1];
  if (!code) throw new Error(`no 6-digit code in the message to ${email}: ${newest?.subject}`);
  return { code, seen: messages.length };
}

/** A six-digit code that is surely not `code`. */
export function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
