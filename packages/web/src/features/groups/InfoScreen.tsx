import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import type { Conversation } from '@parley/protocol/conversation';
import type { MembersReply } from '@parley/protocol/group';
import { roleOf } from '@parley/protocol/permissions';
import { withNotifications } from '@parley/protocol/rules/conversation-info';
import { useAuthStore } from '../auth/store';
import { removeConversation } from '@parley/protocol/sync/list-reducers';
import { useConversationStore } from '../conversations/store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  actOnMember,
  fetchMembers,
  leaveConversation,
  regenerateInvite,
  revokeInvite,
  setAllowInvitation,
  setConversationNotifications,
  setRole,
  setSlowMode,
  editInfo,
} from './api';
import { AddMembers } from './AddMembers';
import { InfoEditor } from './InfoEditor';
import { TaskSettingsRows } from '../tasks/ui/TaskSettingsRows';
import { memberActions, panelRights, ROLE_OF_ACTION } from './member-actions';
import type { MemberAction } from './member-actions';
import type { SharedMediaRender } from './GroupsHost';
import { useGroupUi } from './store';
import { InfoPanel } from './ui/InfoPanel';
import { InviteSection } from './ui/InviteSection';
import { MemberList } from './ui/MemberList';
import { usePeopleUi } from '../people/store';
import { SlowModeSection } from './ui/SlowModeSection';
import { InactivitySection } from './ui/InactivitySection';

/** A confirmed action; `run` refreshes what it changed itself (leaving has nothing left to refresh). */
type Confirming = { text: string; confirm: string; run: () => Promise<void> };

/** The info panel of one group or channel, connected to the server and the live events. */
export function InfoScreen({
  conversation,
  sharedMedia,
}: {
  conversation: Conversation;
  sharedMedia?: SharedMediaRender | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ownId = useAuthStore((s) => s.user?.id ?? null);
  const close = useGroupUi((s) => s.close);
  const kind = conversation.is_channel ? 'channel' : 'group';
  const id = conversation.id;
  const role = roleOf(conversation.pivot.role);
  const rights = panelRights(kind, role);
  const changes = useGroupUi((s) => s.memberEvents[id] ?? 0);
  const [list, setList] = useState<MembersReply | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [slowBusy, setSlowBusy] = useState(false);
  const [inactivityBusy, setInactivityBusy] = useState(false);

  // Again after each membership event and each change of our own role.
  useEffect(() => {
    if (!rights.viewMembers) return;
    let live = true;
    fetchMembers(id).then(
      (reply) => live && setList(reply),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, rights.viewMembers, role, changes]);

  const refresh = useCallback(() => {
    useGroupUi.getState().bumpMembers(id);
    useConversationStore.getState().refetch([id]);
  }, [id]);

  const act = (run: () => Promise<unknown>) => void run().then(refresh, () => undefined);

  const onAction = (member: { id: number; name: string }, action: MemberAction) => {
    const newRole = ROLE_OF_ACTION[action];
    if (newRole && action !== 'make-owner') return act(() => setRole(id, member.id, newRole));
    // Handing on ownership, removing and blocking are asked about first.
    const run = newRole
      ? () => setRole(id, member.id, newRole).then(refresh)
      : () => actOnMember(id, member.id, action === 'block' ? 'block' : 'remove').then(refresh);
    setConfirming({
      text: t(`groups.confirm.${action}`, { name: member.name }),
      confirm: t(`groups.action.${action}`),
      run,
    });
  };

  const invitation = conversation.invitation_token ?? null;
  const link = invitation ? `${window.location.origin}/conversations/join/${invitation}` : null;

  const leave = () =>
    setConfirming({
      text: t(`groups.confirm.leave.${kind}`),
      confirm: t(`groups.leave.${kind}`),
      // No refresh after it: the caller is out, and asking for the members or
      // the conversation again would only get 404s.
      run: async () => {
        await leaveConversation(id);
        close();
        useConversationStore.setState((s) => removeConversation(s, id));
        void navigate('/chat');
      },
    });

  return (
    <>
      <InfoPanel
        id={id}
        kind={kind}
        name={conversation.name ?? t('conversations.untitled')}
        avatar={conversation.avatar}
        description={conversation.description}
        username={conversation.username ?? null}
        membersCount={list?.members_count ?? conversation.members_count ?? 0}
        notifications={conversation.pivot.notifications}
        onNotifications={(on) =>
          void setConversationNotifications(id, on).then(
            // Spec 4: on the target conversation's pivot; the list row shows it at once.
            () =>
              useConversationStore.setState((s) => {
                const held = s.byId[id];
                return held ? { byId: { ...s.byId, [id]: withNotifications(held, id, on) } } : s;
              }),
            () => undefined,
          )
        }
        onLeave={leave}
        onClose={close}
        onEdit={rights.editInfo ? () => setEditing(true) : undefined}
        editor={
          editing && rights.editInfo ? (
            <InfoEditor kind={kind} conversation={conversation} onDone={() => setEditing(false)} />
          ) : null
        }
      >
        {kind === 'group' ? (
          <SlowModeSection
            seconds={conversation.slow_mode_seconds ?? null}
            editable={rights.editInfo}
            busy={slowBusy}
            onChange={(seconds) => {
              setSlowBusy(true);
              void setSlowMode(id, seconds)
                .then(
                  (c) => useConversationStore.getState().upsert([c]),
                  () => undefined,
                )
                .finally(() => setSlowBusy(false));
            }}
          />
        ) : null}
        {kind === 'group' ? (
          <InactivitySection
            days={conversation.max_time_inactive ?? null}
            editable={rights.editInfo}
            busy={inactivityBusy}
            onChange={(days) => {
              setInactivityBusy(true);
              // Other members' devices get it through conversation.info.
              void editInfo(id, { max_time_inactive: days })
                .then(
                  (c) => useConversationStore.getState().upsert([c]),
                  () => undefined,
                )
                .finally(() => setInactivityBusy(false));
            }}
          />
        ) : null}
        {rights.editInfo ? (
          <section className="info-section" data-testid="info-tasks">
            <h3 className="info-section-title">{t('tasks.title')}</h3>
            <TaskSettingsRows
              conversationId={id}
              hasTasks={conversation.has_tasks === true}
              serviceLines={conversation.task_service_lines === true}
              disabled={false}
            />
          </section>
        ) : null}
        {rights.manageInvites ? (
          <InviteSection
            link={link}
            allowed={conversation.allow_invitation ?? true}
            onAllowed={(on) => act(() => setAllowInvitation(id, on))}
            onCopy={() => {
              if (!link) return;
              void navigator.clipboard?.writeText(link).then(
                () => toast.success(t('groups.copied')),
                () => undefined,
              );
            }}
            onRegenerate={() => act(() => regenerateInvite(id))}
            onRevoke={() => act(() => revokeInvite(id))}
          />
        ) : null}
        {rights.viewMembers && list ? (
          <section className="info-section">
            <div className="info-section-head">
              <h3 className="info-section-title">{t(`groups.members.${kind}`)}</h3>
              {rights.addMembers ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-md"
                  onClick={() => setAdding(true)}
                  data-testid="info-add-members"
                >
                  <span>{t(`groups.add.${kind}`)}</span>
                </button>
              ) : null}
            </div>
            <MemberList
              members={list.members}
              blocked={list.blocked_users}
              ownId={ownId}
              actionsFor={(m) =>
                ownId === null
                  ? []
                  : memberActions(kind, { id: ownId, role }, { id: m.id, role: m.pivot.role })
              }
              canUnblock={rights.unblock}
              onAction={onAction}
              onUnblock={(u) => act(() => actOnMember(id, u.id, 'unblock'))}
              onOpen={(m, opener) => usePeopleUi.getState().openProfile(m.id, opener)}
            />
          </section>
        ) : null}
        {sharedMedia?.(id, close)}
      </InfoPanel>
      {adding ? (
        <AddMembers
          kind={kind}
          conversationId={id}
          memberIds={list?.members.map((m) => m.id) ?? []}
          blockedIds={list?.blocked_users.map((u) => u.id) ?? []}
          onAdded={refresh}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          text={confirming.text}
          confirm={confirming.confirm}
          onConfirm={() => {
            const run = confirming.run;
            setConfirming(null);
            void run().catch(() => undefined);
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
