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
    const keys = Object.keys(en).sort();
    for (const catalogue of [ru, am, fr]) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      expect(Object.values(catalogue).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(
        true,
      );
    }
    for (const text of Object.values(MSG)) expect(keys).toContain(text);
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
