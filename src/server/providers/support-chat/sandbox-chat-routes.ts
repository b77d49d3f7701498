import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { enums, object, optional, pattern, size, string } from 'superstruct';
import { SUPPORT_CHAT_TAGS, type SupportChatTag } from '../../../domain/support-chat.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';

/** How many conversations the sandbox keeps (the oldest goes first), and messages in each. */
const KEPT_CONVERSATIONS = 200;
const KEPT_MESSAGES = 60;

/** The sandbox agent's first answer, in the conversation's language tag. */
const AGENT_REPLY: Record<SupportChatTag, string> = {
  english: 'Thank you for writing. This is the sandbox: no agent will answer, but a real chat would continue here.',
  somali:
    'Waad ku mahadsan tahay qoraalkaaga. Tani waa sandbox: wakiil kuma jawaabi doono, laakiin wadahadal dhab ah halkan ayuu ka socon lahaa.',
};

const ChatMessageBody = object({
  conversation_id: optional(pattern(string(), /^[0-9a-f-]{36}$/)),
  tag: enums(SUPPORT_CHAT_TAGS),
  text: size(string(), 1, 1000),
});

interface ChatMessage {
  from: 'customer' | 'agent';
  text: string;
  sent_at: string;
}

/**
 * The sandbox support chat, standing in for a chat provider's widget
 * service: a conversation is opened by its first message, tagged with the
 * language the customer's agents speak (English or Somali), and the
 * sandbox agent answers the first message of each. Conversations are
 * anonymous (nothing of the customer's account goes to the chat provider)
 * and kept in memory. Mounted only in sandbox mode.
 */
export function sandboxChatRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const conversations = new Map<string, { tag: SupportChatTag; messages: ChatMessage[] }>();

  app.post('/messages', jsonBody(ChatMessageBody), (c) => {
    const { conversation_id: given, tag, text } = c.req.valid('json');
    const id = given ?? randomUUID();
    let conversation = conversations.get(id);
    if (given && !conversation) throw notFound('Conversation');
    if (!conversation) {
      conversation = { tag, messages: [] };
      conversations.set(id, conversation);
      for (const old of conversations.keys()) {
        if (conversations.size <= KEPT_CONVERSATIONS) break;
        conversations.delete(old);
      }
    }
    const now = new Date().toISOString();
    const first = conversation.messages.length === 0;
    conversation.messages.push({ from: 'customer', text, sent_at: now });
    if (first) conversation.messages.push({ from: 'agent', text: AGENT_REPLY[conversation.tag], sent_at: now });
    conversation.messages.splice(0, Math.max(0, conversation.messages.length - KEPT_MESSAGES));
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { conversation_id: id, messages: conversation.messages } }, 201);
  });
  return app;
}
