import { atom } from 'jotai';

/** Whether the support chat is open; any "Chat with us" button opens it. */
export const supportChatOpenAtom = atom(false);
