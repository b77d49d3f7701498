import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { supportChatTag } from '../../../domain/support-chat.ts';
import { isLocale, SOURCE_LOCALE } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { type ChatMessage, ChatUnavailable, sendChatMessage } from './chat-client.ts';
import styles from './chat-dialog.module.css';

/**
 * The support chat: a conversation with the agents who speak the customer's
 * language (Somali, else English), opened by the first message. Loaded on
 * first opening (support-chat-host.tsx).
 */
export default function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [conversationId, setConversationId] = useState<string>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const tag = supportChatTag(isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return setError(t`Write your message first`);
    setSending(true);
    try {
      const answer = await sendChatMessage(conversationId, tag, text);
      setConversationId(answer.conversationId);
      setMessages(answer.messages);
      setDraft('');
      setError(undefined);
    } catch (failure) {
      if (!(failure instanceof ChatUnavailable)) throw failure;
      setError(
        failure.offline
          ? t`You're offline. Your message will be here to send when you're back online.`
          : t`The chat couldn't take your message. Try again, or write to support.`,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} className={styles.dialog}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <Trans>Chat with us</Trans>
        </h2>
        <form method="dialog">
          <button type="submit" className={buttonClass('ghost')}>
            <Trans>Close chat</Trans>
          </button>
        </form>
      </div>
      <p className={styles.note}>
        {tag === 'somali' ? (
          <Trans>You are writing to our Somali-speaking agents.</Trans>
        ) : (
          <Trans>You are writing to our English-speaking agents.</Trans>
        )}
      </p>
      <div className={styles.log} role="log" aria-label={t`Conversation`}>
        <ol className={styles.messages}>
          {messages.map((message) => (
            <li key={`${message.sent_at}-${message.from}-${message.text}`} className={styles[message.from]}>
              <span className="visually-hidden">
                {message.from === 'agent' ? <Trans>Agent:</Trans> : <Trans>You:</Trans>}{' '}
              </span>
              {message.text}
            </li>
          ))}
        </ol>
      </div>
      <form noValidate className={styles.form} onSubmit={(event) => void send(event)}>
        <FormField id="support-chat-message" label={<Trans>Your message</Trans>} error={error}>
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={3}
              maxLength={1000}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <button type="submit" className={buttonClass('primary')} disabled={sending}>
          <Trans>Send</Trans>
        </button>
      </form>
    </Dialog>
  );
}
