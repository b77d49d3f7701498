import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('the sandbox support chat on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (body: unknown) => t.call('POST', '/sandbox/chat/messages', { body });

  it('opens a conversation with the first message; the agent answers in its language tag, once', async () => {
    const first = await send({ tag: 'somali', text: 'Lacagtaydu goorma ayay gaadhaysaa?' });
    expect(first.status).toBe(201);
    const { conversation_id: id, messages } = first.body.data;
    expect(messages).toEqual([
      { from: 'customer', text: 'Lacagtaydu goorma ayay gaadhaysaa?', sent_at: expect.any(String) },
      { from: 'agent', text: expect.stringMatching(/^Waad ku mahadsan tahay/), sent_at: expect.any(String) },
    ]);
    const second = await send({ conversation_id: id, tag: 'somali', text: 'Mahadsanid' });
    expect(second.body.data.messages.map((m: { from: string }) => m.from)).toEqual(['customer', 'agent', 'customer']);

    const english = await send({ tag: 'english', text: 'Hello' });
    expect(english.body.data.conversation_id).not.toBe(id);
    expect(english.body.data.messages[1].text).toMatch(/^Thank you for writing/);
  });

  it('refuses an empty or oversized message, an unknown tag, and a conversation it does not have', async () => {
    for (const [body, field] of [
      [{ tag: 'english', text: '' }, 'text'],
      [{ tag: 'english', text: 'x'.repeat(1001) }, 'text'],
      [{ tag: 'swedish', text: 'Hej' }, 'tag'],
      [{ conversation_id: 'not-an-id', tag: 'english', text: 'Hi' }, 'conversation_id'],
    ] as const) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ property_path: field });
    }
    const gone = await send({ conversation_id: '00000000-0000-4000-8000-000000000000', tag: 'english', text: 'Hi' });
    expect(gone.status).toBe(404);
  });
});
