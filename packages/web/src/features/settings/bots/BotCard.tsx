import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateBotRequestSchema } from '@parley/protocol/bot';
import type { Bot } from '@parley/protocol/bot';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { AccountBadge } from '../../../ui/AccountBadge';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useAuthStore } from '../../auth/store';
import { openDirectChat } from '../../conversations/open-direct';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { checkErrors, noErrors, settingsErrors } from '../form-errors';
import type { SettingsErrors } from '../form-errors';
import { useSettingsUi } from '../store';
import { deleteBot, issueBotToken, revokeBotToken, updateBot } from './api';

type Asking = 'delete' | 'revoke' | 'token' | null;

/** One of the user's bots: who it is, its token's state, and what can be done with it. */
export function BotCard({
  bot,
  onChanged,
  onDeleted,
  onToken,
}: {
  bot: Bot;
  onChanged: (bot: Bot) => void;
  onDeleted: () => void;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (what: string, run: () => Promise<void>) => {
    setBusy(what);
    try {
      await run();
    } catch {
      // reported in the shared error list
    } finally {
      setBusy(null);
    }
  };

  const newToken = () =>
    act('token', async () => {
      const { token } = await issueBotToken(bot.id);
      onChanged({ ...bot, has_token: true, token_issued_at: new Date().toISOString() });
      onToken(token);
    });

  const confirmed = () => {
    const what = asking;
    setAsking(null);
    if (what === 'delete') void act('delete', async () => (await deleteBot(bot.id), onDeleted()));
    else if (what === 'revoke')
      void act('revoke', async () => {
        await revokeBotToken(bot.id);
        onChanged({ ...bot, has_token: false, token_issued_at: null });
      });
    else if (what === 'token') void newToken();
  };

  const openChat = () =>
    act('chat', async () => {
      const id = await openDirectChat({ user_id: bot.id });
      useSettingsUi.getState().close();
      void navigate(`/chat/${id}`);
    });

  return (
    <li className="settings-row my-bot" data-testid={`bot-${bot.username}`}>
      <div className="my-bot-head">
        <Avatar id={bot.id} name={bot.name} src={bot.avatar} size={40} initials />
        <span className="settings-row-text">
          <span className="settings-row-label my-bot-name">
            {bot.name}
            <AccountBadge bot official={bot.is_official} />
          </span>
          <span className="settings-row-description">@{bot.username}</span>
          {bot.description ? <span className="my-bot-about">{bot.description}</span> : null}
          <span className="settings-row-description">
            {bot.has_token && bot.token_issued_at
              ? t('bots.my.tokenIssued', { date: formatDateTime(bot.token_issued_at, timeZone) })
              : t('bots.my.tokenNone')}
            {bot.webhook_url ? ` · ${t('bots.my.webhook', { url: bot.webhook_url })}` : ''}
          </span>
        </span>
      </div>
      {editing ? (
        <EditBotForm
          bot={bot}
          onSaved={(next) => {
            onChanged(next);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="my-bot-actions">
          <Button variant="secondary" loading={busy === 'chat'} onClick={() => void openChat()}>
            {t('bots.my.openChat')}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(true)} data-testid="bot-edit">
            {t('bots.my.edit')}
          </Button>
          <Button
            variant="ghost"
            loading={busy === 'token'}
            onClick={() => (bot.has_token ? setAsking('token') : void newToken())}
            data-testid="bot-new-token"
          >
            {t('bots.my.newToken')}
          </Button>
          {bot.has_token ? (
            <Button
              variant="ghost"
              loading={busy === 'revoke'}
              onClick={() => setAsking('revoke')}
              data-testid="bot-revoke"
            >
              {t('bots.my.revoke')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="is-danger"
            loading={busy === 'delete'}
            onClick={() => setAsking('delete')}
            data-testid="bot-delete"
          >
            {t('bots.my.delete')}
          </Button>
        </div>
      )}
      {asking ? (
        <ConfirmDialog
          text={t(
            asking === 'delete'
              ? 'bots.my.deleteConfirm'
              : asking === 'revoke'
                ? 'bots.my.revokeConfirm'
                : 'bots.my.newTokenConfirm',
            { username: bot.username },
          )}
          confirm={t(
            asking === 'delete'
              ? 'bots.my.delete'
              : asking === 'revoke'
                ? 'bots.my.revoke'
                : 'bots.my.newToken',
          )}
          onConfirm={confirmed}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </li>
  );
}

function EditBotForm({
  bot,
  onSaved,
  onCancel,
}: {
  bot: Bot;
  onSaved: (bot: Bot) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: bot.name, description: bot.description ?? '' });
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBotRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(checkErrors(parsed.error));
    setErrors(noErrors);
    setSaving(true);
    try {
      onSaved(await updateBot(bot.id, form));
    } catch (error) {
      setErrors(settingsErrors(error, ['name', 'description']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings-form my-bot-edit" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField
        name="name"
        label={t('bots.my.name')}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        error={errors.fields.name ? t(errors.fields.name) : undefined}
        autoFocus
      />
      <TextField
        name="description"
        label={t('bots.my.description')}
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
        error={errors.fields.description ? t(errors.fields.description) : undefined}
      />
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      <div className="settings-actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('messages.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid="bot-save">
          {t('bots.my.save')}
        </Button>
      </div>
    </form>
  );
}
