import { create } from 'zustand';

// Spec 8: "Other request errors go to a shared error list, cleared by a
// clear action." Errors a form shows itself never land here.

export type RequestErrorItem = { id: number; message: string };

type ErrorListState = {
  errors: RequestErrorItem[];
  push: (message: string) => void;
  dismiss: (id: number) => void;
  clear: () => void;
};

let nextId = 1;
/** A burst of identical failures (e.g. offline) shows once, and the list stays short. */
const MAX_ERRORS = 5;

export const useErrorList = create<ErrorListState>()((set) => ({
  errors: [],
  push: (message) =>
    set((state) =>
      state.errors.some((e) => e.message === message)
        ? state
        : { errors: [...state.errors, { id: nextId++, message }].slice(-MAX_ERRORS) },
    ),
  dismiss: (id) => set((state) => ({ errors: state.errors.filter((e) => e.id !== id) })),
  clear: () => set({ errors: [] }),
}));
