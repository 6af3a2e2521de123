import {
  loginReplySchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  statusOkSchema,
  tokenPairSchema,
} from '../auth';
import { sessionIdParamsSchema, sessionListSchema, userSchema } from '../user';
import { publicServerInfoSchema } from '../server-info';
import { del, get, post } from './route';

// Sign-up, sign-in, tokens, the signed-in user and their sessions (spec 4,
// 7). One area of the route table (routes.ts).

const ok = { reply: statusOkSchema };

export const authRoutes = {
  register: post('/register', { body: registerRequestSchema, ...ok }),
  login: post('/login', { body: loginRequestSchema, reply: loginReplySchema }),
  refresh: post('/user/refresh', { body: refreshRequestSchema, reply: tokenPairSchema }),
  /** The body is optional; firebase_token (the device's push token) is removed with the session. */
  logout: post('/logout', { body: logoutRequestSchema.nullish(), ...ok }),
  user: get('/user', { reply: userSchema }),
  sessions: get('/user/sessions', { reply: sessionListSchema }),
  revokeSession: del('/user/sessions/:id', { params: sessionIdParamsSchema, ...ok }),
  revokeOtherSessions: post('/user/sessions/revoke-others', ok),
  /** Public: the login page's server name, registration mode and password minimum. */
  serverInfo: get('/server', { reply: publicServerInfoSchema }),
  // Operations
  health: get('/health', ok),
  ready: get('/ready', ok),
};
