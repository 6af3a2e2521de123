import { describe, expect, it } from 'vitest';
import { decideAdd, WHO_CAN_ADD } from './group-consent';
import type { WhoCanAdd } from './group-consent';

describe('decideAdd', () => {
  it('refuses whenever either side blocked, whatever the setting', () => {
    for (const setting of WHO_CAN_ADD) {
      expect(decideAdd({ blocked: true, twoWay: true, setting })).toBe('refuse');
      expect(decideAdd({ blocked: true, twoWay: false, setting })).toBe('refuse');
    }
  });

  it.each<[WhoCanAdd, boolean, string]>([
    ['everybody', false, 'add'],
    ['everybody', true, 'add'],
    ['contacts', true, 'add'],
    ['contacts', false, 'invite'],
    ['nobody', true, 'invite'],
    ['nobody', false, 'invite'],
  ])('%s, two-way %s: %s', (setting, twoWay, decision) => {
    expect(decideAdd({ blocked: false, twoWay, setting })).toBe(decision);
  });

  it('adds a bot at once unless a block holds, whatever its setting', () => {
    for (const setting of WHO_CAN_ADD) {
      expect(decideAdd({ blocked: false, twoWay: false, setting, bot: true })).toBe('add');
      expect(decideAdd({ blocked: true, twoWay: false, setting, bot: true })).toBe('refuse');
    }
  });
});
