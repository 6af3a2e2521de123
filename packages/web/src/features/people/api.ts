import { profileRoutes } from '@parley/protocol/http/profile-routes';
import { call } from '../../api/http';

// Another person's profile and the groups we share (issue 23). Silent: the
// panel shows its own error, and the header only reads the last-seen time.

export const fetchProfile = (id: number) =>
  call(profileRoutes.profile, { params: { id }, silent: true });

export const fetchCommonGroups = (id: number) =>
  call(profileRoutes.commonGroups, { params: { id }, silent: true });
