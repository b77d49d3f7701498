import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CHAT = 'POST /sandbox/chat/messages';
const detectCountry = {
  'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
};

async function openChatAndSend(text: string) {
  await renderApp('/support');
  fireEvent.click(await screen.findByRole('button', { name: 'Chat with us' }));
  const chat = await screen.findByRole('dialog', { name: 'Chat with us', hidden: true });
  fireEvent.change(within(chat).getByLabelText('Your message'), { target: { value: text } });
  fireEvent.click(within(chat).getByRole('button', { name: 'Send', hidden: true }));
  return chat;
}

describe('the support chat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the first message in the English tag and shows the conversation the provider answers', async () => {
    const api = fakeApi({
      ...detectCountry,
      [CHAT]: reply(201, {
        data: {
          conversation_id: '6f1c2a52-0a0e-4c1e-9a53-2f6f6f0b9a11',
          messages: [
            { from: 'customer', text: 'Hello', sent_at: '2026-11-24T10:00:00Z' },
            { from: 'agent', text: 'Thank you for writing.', sent_at: '2026-11-24T10:00:00Z' },
          ],
        },
      }),
    });
    const chat = await openChatAndSend('  Hello ');
    const log = await within(chat).findByRole('log', { name: 'Conversation', hidden: true });
    expect(await within(log).findByText('Thank you for writing.')).toBeTruthy();
    expect(api.to(CHAT).map((request) => request.body)).toEqual([{ tag: 'english', text: 'Hello' }]);
  });

  it('says the customer is offline, and keeps the message, when the provider cannot be reached', async () => {
    fakeApi(detectCountry);
    const chat = await openChatAndSend('Where is my money?');
    const field = within(chat).getByLabelText('Your message');
    await vi.waitFor(() => expect(field.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /You're offline/,
    );
    expect((field as HTMLTextAreaElement).value).toBe('Where is my money?');
  });
});
