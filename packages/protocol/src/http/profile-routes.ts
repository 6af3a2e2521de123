import { commonGroupsReplySchema, profileSchema, userIdParamsSchema } from '../profile';
import { get } from './route';

// Another person's profile (issue 23): one area of the route table
// (routes.ts), loaded by the web with the lazy profile panel.

export const profileRoutes = {
  /** A person who shares a conversation with the caller; 404 for anyone else. */
  profile: get('/user/users/:id', { params: userIdParamsSchema, reply: profileSchema }),
  /** Groups both the caller and the person are members of (never others). */
  commonGroups: get('/user/users/:id/common-groups', {
    params: userIdParamsSchema,
    reply: commonGroupsReplySchema,
  }),
};
