import {
  reactionParamsSchema,
  reactionRequestSchema,
  reactionsReplySchema,
  reactorsReplySchema,
} from '../reactions';
import { del, get, post } from './route';

// Reactions on a message (docs/API.md, "Reactions"). One area of the route
// table (routes.ts), apart from message-routes so the web loads these
// schemas with the reactions UI.

export const reactionRoutes = {
  /** Sets the caller's one reaction on the message (replacing theirs). */
  setReaction: post('/user/messages/:id/reactions', {
    params: reactionParamsSchema,
    body: reactionRequestSchema,
    reply: reactionsReplySchema,
  }),
  /** Takes the caller's reaction away (nothing to take: the same reply). */
  removeReaction: del('/user/messages/:id/reactions', {
    params: reactionParamsSchema,
    reply: reactionsReplySchema,
  }),
  /** Who reacted, named: the "who reacted" list. */
  reactors: get('/user/messages/:id/reactions', {
    params: reactionParamsSchema,
    reply: reactorsReplySchema,
  }),
};
