import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { TASK_MSG } from '@parley/protocol/task-texts';
import { messageText } from '../conversations/list-item';
import en from './locales/tasks-en.json';
import fr from './locales/tasks-fr.json';
import ru from './locales/tasks-ru.json';
import am from './locales/tasks-am.json';

// The panel's own catalogues (texts.ts) load with the panel: every locale
// has every key, and the server's task messages are among them.

describe('the Tasks panel catalogues', () => {
  it('have the same keys, all non-empty, in every locale', () => {
    const keys = Object.keys(en).sort();
    for (const catalogue of [fr, ru, am]) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      expect(Object.values(catalogue).every((v) => v.trim() !== '')).toBe(true);
    }
  });
  it('translate every server message of the task calls', () => {
    for (const text of Object.values(TASK_MSG)) expect(Object.keys(en)).toContain(text);
  });
});

describe('task service lines', () => {
  const t = ((key: string, o?: { title?: string }) =>
    `${key}|${o?.title ?? ''}`) as unknown as TFunction;
  it('read as a sentence, not as the JSON they carry', () => {
    const message = {
      type: 'task',
      message: JSON.stringify({ action: 'done', task_id: 3, title: 'Book the room' }),
    };
    expect(messageText(message, false, t)).toBe('tasks.notice.done|Book the room');
  });
  it('a notice that does not parse shows as it came', () => {
    expect(messageText({ type: 'task', message: 'oops' }, false, t)).toBe('oops');
  });
});
