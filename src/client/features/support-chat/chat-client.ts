import { array, enums, type Infer, mask, object, string } from 'superstruct';
import type { SupportChatTag } from '../../../domain/support-chat.ts';
import { clientProviders } from '../../lib/client-providers.ts';

const ChatMessage = object({ from: enums(['customer', 'agent'] as const), text: string(), sent_at: string() });
export type ChatMessage = Infer<typeof ChatMessage>;
const ChatAnswer = object({ data: object({ conversation_id: string(), messages: array(ChatMessage) }) });

/** Thrown when the chat provider cannot be reached (offline) or refuses the message. */
export class ChatUnavailable extends Error {
  constructor(readonly offline: boolean) {
    super(offline ? 'the chat cannot be reached' : 'the chat refused the message');
  }
}

/**
 * Sends a message to the chat provider: the first opens a conversation in the
 * tag's language. Answers the conversation's id and its messages so far.
 */
export async function sendChatMessage(
  conversationId: string | undefined,
  tag: SupportChatTag,
  text: string,
): Promise<{ conversationId: string; messages: ChatMessage[] }> {
  let response: Response;
  let url: string | null;
  try {
    url = (await clientProviders()).support_chat_url;
  } catch {
    throw new ChatUnavailable(true);
  }
  if (!url) throw new ChatUnavailable(false);
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_id: conversationId, tag, text }),
      credentials: 'omit',
    });
  } catch {
    throw new ChatUnavailable(true);
  }
  if (!response.ok) throw new ChatUnavailable(false);
  const { data } = mask(await response.json(), ChatAnswer);
  return { conversationId: data.conversation_id, messages: data.messages };
}
