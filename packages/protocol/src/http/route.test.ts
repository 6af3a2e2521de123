import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin-routes';
import { profileRoutes } from './profile-routes';
import { authRoutes } from './auth-routes';
import { botRoutes } from './bot-routes';
import { conversationRoutes } from './conversation-routes';
import { folderRoutes } from './folder-routes';
import { groupRoutes } from './group-routes';
import { invitationRoutes } from './invitation-routes';
import { messageRoutes } from './message-routes';
import { pushRoutes } from './push-routes';
import { reactionRoutes } from './reaction-routes';
import { pathOf, routeList } from './route';
import { routes } from './routes';
import { searchRoutes } from './search-routes';
import { settingsRoutes } from './settings-routes';
import { taskRoutes } from './task-routes';

describe('pathOf', () => {
  it('fills each :name segment, encoded', () => {
    expect(pathOf(routes.unblockMember, { id: 5, user_id: 9 })).toBe(
      '/user/conversations/5/members/9/unblock',
    );
    expect(pathOf(routes.lookupUsername, { username: 'a b/c?' })).toBe('/to/a%20b%2Fc%3F');
  });

  it('appends the set query values in the order given, and nothing when none is set', () => {
    expect(pathOf(routes.search, {}, { q: 'café & co', type: 'all', before: undefined })).toBe(
      '/user/search?q=caf%C3%A9%20%26%20co&type=all',
    );
    expect(pathOf(routes.conversations, {}, { before_cursor: undefined })).toBe(
      '/user/conversations',
    );
  });

  it('refuses a path parameter left out rather than sending a broken path', () => {
    expect(() => pathOf(routes.history, {})).toThrow('/user/conversations/:id/messages: no id');
  });
});

describe('routeList', () => {
  it('lists single entries and the members of families', () => {
    const list = routeList(routes);
    expect(list).toContain(routes.user);
    expect(list).toContain(routes.switches.paranoid);
    expect(list).toContain(routes.conversationFlag.hide);
    expect(list.every((route) => route.path.startsWith('/'))).toBe(true);
  });
});

describe('the table', () => {
  it('holds every area’s calls, no name given by two areas (a spread would drop one)', () => {
    const areas = [
      authRoutes,
      conversationRoutes,
      folderRoutes,
      messageRoutes,
      reactionRoutes,
      groupRoutes,
      invitationRoutes,
      searchRoutes,
      settingsRoutes,
      taskRoutes,
      botRoutes,
      pushRoutes,
      adminRoutes,
      profileRoutes,
    ];
    const names = areas.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(routes).sort()).toEqual(names.sort());
  });
});

describe('the switches', () => {
  it('take the spec’s body field and read as {on}', () => {
    const { notifications, paranoid } = routes.switches;
    expect(notifications.body.parse({ status: '1' })).toEqual({ on: true });
    expect(paranoid.body.parse({ on: false })).toEqual({ on: false });
    expect(notifications.body.safeParse({ on: true }).success).toBe(false);
  });
});
