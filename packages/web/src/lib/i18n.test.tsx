import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { I18nGate } from '../app/I18nGate';
import { LocaleSelect } from '../ui/LocaleSelect';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import am from '../locales/am.json';
import fr from '../locales/fr.json';
import { bootI18n, changeLocale } from './i18n';

/** i18next's plural suffixes (`_one`, `_few`, …): one key per form a language needs. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** A catalogue's keys with the plural forms folded into their base key. */
function baseKeys(catalogue: Record<string, string>): string[] {
  return [...new Set(Object.keys(catalogue).map((key) => PLURAL.exec(key)?.[1] ?? key))].sort();
}

function Probe() {
  const { t } = useTranslation();
  return <p data-testid="probe">{t('chat.selectChat')}</p>;
}

describe('i18n', () => {
  afterEach(async () => {
    await act(() => changeLocale('en'));
    localStorage.clear();
  });

  it('switching to ru saves `locale`, sets <html lang> and renders Russian', async () => {
    render(
      <>
        <LocaleSelect />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Select a chat to start messaging');
    await userEvent.selectOptions(screen.getByTestId('locale-select'), 'ru');
    expect(await screen.findByText('Выберите чат, чтобы начать переписку')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18next.t(MSG.loginRequired)).toBe('Логин обязателен');
  });

  it('uses the Armenian tag hy for the product locale am', async () => {
    await act(() => changeLocale('am'));
    expect(document.documentElement.lang).toBe('hy');
    expect(i18next.t('chat.logout')).toBe('Ելք');
  });

  it('renders nothing but the spinner until the dictionary has loaded', async () => {
    i18next.removeResourceBundle('fr', 'translation');
    localStorage.setItem(STORAGE_KEYS.locale, 'fr');
    render(
      <I18nGate>
        <Probe />
      </I18nGate>,
    );
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    expect(screen.queryByTestId('probe')).toBeNull();
    expect(
      await screen.findByText('Sélectionnez une conversation pour commencer à écrire'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('spinner')).toBeNull();
  });

  it('has the same keys, all non-empty, in every catalogue', () => {
    const keys = baseKeys(en);
    for (const catalogue of [ru, am, fr]) {
      expect(baseKeys(catalogue)).toEqual(keys);
      expect(Object.values(catalogue).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(
        true,
      );
    }
    for (const text of Object.values(MSG)) expect(keys).toContain(text);
  });

  it("gives every plural key exactly its language's plural forms", () => {
    const catalogues = { en, ru, am, fr } as const;
    for (const [code, catalogue] of Object.entries(catalogues)) {
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories.sort();
      const plurals = new Map<string, string[]>();
      for (const key of Object.keys(catalogue)) {
        const match = PLURAL.exec(key);
        if (match?.[1] && match[2])
          plurals.set(match[1], [...(plurals.get(match[1]) ?? []), match[2]]);
      }
      for (const [base, found] of plurals)
        expect([code, base, found.sort()]).toEqual([code, base, forms]);
    }
  });

  it('writes "3 messages" with the right plural in each language', async () => {
    const count = (code: 'en' | 'ru' | 'fr' | 'am', n: number) =>
      i18next.getFixedT(code)('messages.selection.count', { count: n });
    await act(() => changeLocale('ru'));
    await act(() => changeLocale('fr'));
    await act(() => changeLocale('am'));
    expect([count('ru', 1), count('ru', 3), count('ru', 5), count('ru', 21)]).toEqual([
      '1 сообщение',
      '3 сообщения',
      '5 сообщений',
      '21 сообщение',
    ]);
    expect([count('fr', 1), count('fr', 3)]).toEqual(['1 message', '3 messages']);
    expect(count('am', 3)).toBe('3 հաղորդագրություն');
    await act(() => changeLocale('en'));
    expect([count('en', 1), count('en', 3)]).toEqual(['1 message', '3 messages']);
  });

  it('writes Armenian (not Amharic) for am', () => {
    const armenian = /[\u0531-\u058F]/;
    const ethiopic = /[\u1200-\u137F]/;
    const values = Object.values(am);
    expect(values.filter((v) => armenian.test(v)).length).toBeGreaterThan(values.length * 0.8);
    expect(values.some((v) => ethiopic.test(v))).toBe(false);
  });

  it('the entry and the i18n gate share one start-up load', () => {
    expect(bootI18n()).toBe(bootI18n());
  });
});
