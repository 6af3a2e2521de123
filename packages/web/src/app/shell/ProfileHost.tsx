import { lazy, Suspense, useCallback } from 'react';
import { useGroupUi } from '../../features/groups/store';
import { usePeopleUi } from '../../features/people/store';
import type { SharedMediaSlot } from './shared-media-slot';

// The chat shell's profile panel: a chunk of its own that loads when a
// profile is first opened (from the direct chat's header or a group's
// member list). Here, where features meet: leaving the profile for a chat
// also closes the group info it may have been opened from.
const ProfileScreen = lazy(async () => ({
  default: (await import('../../features/people/ProfileScreen')).ProfileScreen,
}));

export function ProfileHost({ sharedMedia }: { sharedMedia?: SharedMediaSlot }) {
  const profileId = usePeopleUi((s) => s.profileId);
  const closeGroupInfo = useCallback(() => useGroupUi.getState().close(), []);
  return (
    <Suspense fallback={null}>
      {profileId !== null ? (
        <ProfileScreen
          key={profileId}
          userId={profileId}
          onLeave={closeGroupInfo}
          sharedMedia={sharedMedia}
        />
      ) : null}
    </Suspense>
  );
}
