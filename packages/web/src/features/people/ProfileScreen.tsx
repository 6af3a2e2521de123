import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CommonGroup, Profile } from '@parley/protocol/profile';
import { useLaterTexts } from '../../lib/later-texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { setFriendBlocked } from '../conversations/block-api';
import { useLiveStore } from '../conversations/live-store';
import { openDirectChat } from '../conversations/open-direct';
import { useConversationStore } from '../conversations/store';
import { fetchCommonGroups, fetchProfile } from './api';
import { usePeopleUi } from './store';
import { ProfilePanel } from './ui/ProfilePanel';
import { useLastSeenLine } from './use-last-seen-line';
import './profile.css';

// The profile panel's container: reads the person and the groups we share,
// and takes the actions through the calls the chat menu uses. Mute and
// block act on the direct chat and read its flags from the conversation
// list, so they follow `conversation.updated` live on both sides.

/** The shared media tabs of a chat, handed in by the composition root (app/shell). */
export type SharedMediaRender = (conversationId: number, onShown: () => void) => ReactNode;

export function ProfileScreen({
  userId,
  onLeave,
  sharedMedia,
}: {
  userId: number;
  /** The profile leads to a chat: whatever it was opened over closes too. */
  onLeave: () => void;
  sharedMedia?: SharedMediaRender | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = usePeopleUi((s) => s.closeProfile);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [groups, setGroups] = useState<CommonGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Blocking is asked about first; unblocking is not.
  const [askBlock, setAskBlock] = useState(false);
  const seen = useLastSeenLine(userId);
  // The panel's texts are in the later catalogue (lib/later-texts.ts).
  const textsReady = useLaterTexts();

  useEffect(() => {
    let live = true;
    fetchProfile(userId).then(
      (p) => {
        if (!live) return;
        setProfile(p);
        useLiveStore
          .getState()
          .noteSeen(userId, { last_seen_at: p.last_seen_at, last_seen: p.last_seen });
      },
      () => live && setFailed(true),
    );
    fetchCommonGroups(userId).then(
      (reply) => live && setGroups(reply.groups),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const directId = profile?.direct_conversation_id ?? null;
  const chat = useConversationStore((s) => (directId === null ? undefined : s.byId[directId]));
  const direct = chat ? { muted: chat.pivot.muted, blocked: chat.pivot.blocked } : null;

  const act = (run: () => Promise<unknown>) => {
    setBusy(true);
    void run()
      .catch(() => undefined) // reported in the shared error list
      .finally(() => setBusy(false));
  };
  const goTo = useCallback(
    (conversationId: number) => {
      close();
      onLeave();
      void navigate(`/chat/${conversationId}`);
    },
    [close, navigate, onLeave],
  );

  if (!textsReady) return null;
  const block = (blocked: boolean) =>
    directId !== null && act(() => setFriendBlocked(directId, blocked));
  return (
    <>
      <ProfilePanel
        profile={profile}
        failed={failed}
        line={seen.text}
        online={seen.online}
        groups={groups}
        direct={direct}
        busy={busy}
        onClose={close}
        onSendMessage={() =>
          act(async () => goTo(directId ?? (await openDirectChat({ user_id: userId }))))
        }
        onMute={() =>
          directId !== null &&
          act(() => useConversationStore.getState().setFlag(directId, 'mute', !direct?.muted))
        }
        onBlock={() => (direct?.blocked ? block(false) : setAskBlock(true))}
        onCopyUsername={() => {
          if (!profile) return;
          void navigator.clipboard
            ?.writeText(`@${profile.username}`)
            .then(() => toast.success(t('profile.copied')))
            .catch(() => undefined);
        }}
        onOpenGroup={goTo}
        media={
          directId !== null && sharedMedia
            ? // "Show in chat" opens the direct chat, where the jump is taken.
              sharedMedia(directId, () => goTo(directId))
            : undefined
        }
      />
      {askBlock ? (
        <ConfirmDialog
          text={t('conversations.confirm.block')}
          confirm={t('conversations.action.block')}
          onConfirm={() => {
            setAskBlock(false);
            block(true);
          }}
          onClose={() => setAskBlock(false)}
        />
      ) : null}
    </>
  );
}
