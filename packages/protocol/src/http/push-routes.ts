import { statusOkSchema } from '../auth';
import { appTokenDeleteRequestSchema, appTokenRequestSchema, vapidKeyReplySchema } from '../push';
import { get, post } from './route';

// Web Push registration (spec 4, 7; docs/PUSH.md). One area of the route
// table (routes.ts); the web's push settings import it lazily.

const ok = { reply: statusOkSchema };

export const pushRoutes = {
  /** The VAPID public key the browser subscribes with. */
  vapidKey: get('/user/apps/vapid-key', { reply: vapidKeyReplySchema }),
  createAppToken: post('/user/apps/token/create', { body: appTokenRequestSchema, ...ok }),
  deleteAppToken: post('/user/apps/token/delete', { body: appTokenDeleteRequestSchema, ...ok }),
};
