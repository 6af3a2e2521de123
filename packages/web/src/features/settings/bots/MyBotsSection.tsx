import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOTS_PER_USER_MAX, createBotRequestSchema } from '@parley/protocol/bot';
import type { Bot } from '@parley/protocol/bot';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useLaterTexts } from '../../../lib/later-texts';
import { checkErrors, noErrors, settingsErrors } from '../form-errors';
import type { SettingsErrors } from '../form-errors';
import { createBot, listBots } from './api';
import { BotCard } from './BotCard';
import { TokenReveal } from './TokenReveal';
import './bots.css';

/** "My bots" (issue 21): the user's bots, each with its actions, and a form for a new one. */
export function MyBotsSection() {
  const { t } = useTranslation();
  const ready = useLaterTexts();
  const [bots, setBots] = useState<Bot[] | null>(null);
  const [revealed, setRevealed] = useState<{ username: string; token: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setBots((await listBots()).bots);
    } catch {
      setBots((held) => held ?? []); // reported in the shared error list
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (bots === null || !ready) return <p className="settings-note">{t('settings.loading')}</p>;
  return (
    <div className="settings-section my-bots" data-testid="settings-bots">
      {revealed ? (
        <TokenReveal
          username={revealed.username}
          token={revealed.token}
          onDone={() => setRevealed(null)}
        />
      ) : null}
      {bots.length === 0 ? (
        <p className="settings-note">{t('bots.my.empty')}</p>
      ) : (
        <>
          <p className="settings-note">
            {t('bots.my.count', { count: bots.length, max: BOTS_PER_USER_MAX })}
          </p>
          <ul className="settings-group my-bots-list">
            {bots.map((bot) => (
              <BotCard
                key={bot.id}
                bot={bot}
                onChanged={(next) =>
                  setBots((list) => list?.map((b) => (b.id === next.id ? next : b)) ?? null)
                }
                onDeleted={() => setBots((list) => list?.filter((b) => b.id !== bot.id) ?? null)}
                onToken={(token) => setRevealed({ username: bot.username, token })}
              />
            ))}
          </ul>
        </>
      )}
      {bots.length < BOTS_PER_USER_MAX ? (
        <CreateBotForm
          onCreated={(bot, token) => {
            setBots((list) => [...(list ?? []), bot]);
            setRevealed({ username: bot.username, token });
          }}
        />
      ) : null}
    </div>
  );
}

function CreateBotForm({ onCreated }: { onCreated: (bot: Bot, token: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: '', username: '' });
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createBotRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(checkErrors(parsed.error));
    setErrors(noErrors);
    setSaving(true);
    try {
      const reply = await createBot(parsed.data.name, parsed.data.username);
      setForm({ name: '', username: '' });
      onCreated(reply.bot, reply.token);
    } catch (error) {
      setErrors(settingsErrors(error, ['name', 'username']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="settings-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="bot-create"
    >
      <h3 className="settings-subtitle">{t('bots.my.create')}</h3>
      <TextField
        name="name"
        label={t('bots.my.name')}
        value={form.name}
        autoComplete="off"
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        error={errors.fields.name ? t(errors.fields.name) : undefined}
      />
      <TextField
        name="username"
        label={t('bots.my.username')}
        value={form.username}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        hint={t('bots.my.usernameHint')}
        onChange={(e) => setForm({ ...form, username: e.target.value })}
        error={errors.fields.username ? t(errors.fields.username) : undefined}
      />
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      <div className="settings-actions">
        <Button type="submit" loading={saving} data-testid="bot-create-submit">
          {t('bots.my.create')}
        </Button>
      </div>
    </form>
  );
}
