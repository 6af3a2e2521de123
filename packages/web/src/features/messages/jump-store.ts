import { create } from 'zustand';

// A request from outside the thread (a search result) to show one message of
// a conversation: the conversation's view loads the window around it and
// highlights it, then takes the request. App store, not the URL: a reload or
// a later visit opens the newest messages as usual.

export interface JumpRequest {
  conversationId: number;
  messageId: number;
  /** Changes on every request, so asking twice for the same message jumps twice. */
  seq: number;
}

type JumpState = {
  request: JumpRequest | null;
  ask: (conversationId: number, messageId: number) => void;
  /** The view has started the jump. */
  take: (seq: number) => void;
};

let counter = 0;

export const useJumpStore = create<JumpState>()((set) => ({
  request: null,
  ask: (conversationId, messageId) => {
    counter += 1;
    set({ request: { conversationId, messageId, seq: counter } });
  },
  take: (seq) => set((s) => (s.request?.seq === seq ? { request: null } : s)),
}));
