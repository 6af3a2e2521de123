import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { BOT_MSG } from '@parley/protocol/bot';
import en from '../locales/later/later-en.json';
import ru from '../locales/later/later-ru.json';
import am from '../locales/later/later-am.json';
import fr from '../locales/later/later-fr.json';
import main from '../locales/en.json';
import { loadLaterTexts } from './later-texts';

describe('later texts (locales/later)', () => {
  it('has the same keys, all non-empty, in every catalogue, none of them in the main one', () => {
    const keys = Object.keys(en).sort();
    for (const catalogue of [ru, am, fr]) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
    for (const key of keys) expect(Object.keys(main)).not.toContain(key);
  });

  it('translates every bot refusal the server sends', () => {
    for (const text of Object.values(BOT_MSG)) expect(Object.keys(en)).toContain(text);
  });

  it('merges into the loaded catalogue without losing its texts', async () => {
    await loadLaterTexts('en');
    expect(i18next.t('bots.start')).toBe('Start');
    expect(i18next.t('messages.keyboard.hide')).toBe('Hide keyboard');
  });
});
