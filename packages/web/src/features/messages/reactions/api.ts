import { reactionRoutes } from '@parley/protocol/http/reaction-routes';
import type { ReactionsReply, ReactorsReply } from '@parley/protocol/reactions';
import { call } from '../../../api/http';

// Reactions on messages (docs/API.md, "Reactions"). Refusals join the
// shared error list (a 403 in a blocked chat says why).

export const setReaction = (messageId: number, emoji: string): Promise<ReactionsReply> =>
  call(reactionRoutes.setReaction, { params: { id: messageId }, body: { emoji } });

export const removeReaction = (messageId: number): Promise<ReactionsReply> =>
  call(reactionRoutes.removeReaction, { params: { id: messageId } });

export const fetchReactors = (messageId: number): Promise<ReactorsReply> =>
  call(reactionRoutes.reactors, { params: { id: messageId }, silent: true });
