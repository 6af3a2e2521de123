import { lazy, Suspense } from 'react';
import { usePeopleUi } from './store';

// The chat shell mounts this: the profile panel, a chunk of its own that
// loads when a profile is first opened.
const ProfileScreen = lazy(async () => ({
  default: (await import('./ProfileScreen')).ProfileScreen,
}));

export function PeopleHost() {
  const profileId = usePeopleUi((s) => s.profileId);
  return (
    <Suspense fallback={null}>
      {profileId !== null ? <ProfileScreen key={profileId} userId={profileId} /> : null}
    </Suspense>
  );
}
