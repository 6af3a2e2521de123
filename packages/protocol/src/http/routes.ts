import { adminRoutes } from './admin-routes';
import { authRoutes } from './auth-routes';
import { botRoutes } from './bot-routes';
import { conversationRoutes } from './conversation-routes';
import { folderRoutes } from './folder-routes';
import { groupRoutes } from './group-routes';
import { invitationRoutes } from './invitation-routes';
import { messageRoutes } from './message-routes';
import { profileRoutes } from './profile-routes';
import { pushRoutes } from './push-routes';
import { reactionRoutes } from './reaction-routes';
import { searchRoutes } from './search-routes';
import { settingsRoutes } from './settings-routes';
import { taskRoutes } from './task-routes';

// Every HTTP call of the API (paths under API_BASE), in one table: the
// server registers each route from its entry, and a test checks that the
// two agree both ways. It is put together from one file per area
// (`<area>-routes.ts`); the web imports the area a feature calls, so a lazy
// feature's schemas load with that feature rather than with the first
// screen (one object cannot be split by the bundler). A family of calls
// that differ in one path segment (pin/mute/hide, the switches) is a record
// of routes keyed by that segment's meaning. How to add a call:
// CONTRIBUTING.md, "Add an HTTP route"; conventions: docs/API.md.

export const routes = {
  ...authRoutes,
  ...conversationRoutes,
  ...folderRoutes,
  ...messageRoutes,
  ...reactionRoutes,
  ...profileRoutes,
  ...groupRoutes,
  ...invitationRoutes,
  ...searchRoutes,
  ...settingsRoutes,
  ...taskRoutes,
  ...botRoutes,
  ...pushRoutes,
  ...adminRoutes,
};
