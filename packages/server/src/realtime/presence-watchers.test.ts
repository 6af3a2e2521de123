import { describe, expect, it } from 'vitest';
import { channels } from '../bus/bus';
import { createInProcessBus } from '../bus/in-process';
import { PresenceWatchers } from './presence-watchers';

// The node's presence index on the real in-process bus: an event reaches
// exactly the sockets watching that user, once each, and none after they
// stop watching or the index closes.

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PresenceWatchers', () => {
  it('hands an event only to the watchers of that user', async () => {
    const bus = createInProcessBus(() => undefined);
    const watchers = new PresenceWatchers(bus);
    await watchers.ready();
    await watchers.ready(); // one subscription, however many hellos
    const heard: string[] = [];
    const listener = (name: string) => ({
      onPresence: (id: number, online: boolean) => void heard.push(`${name}:${id}:${online}`),
    });
    const a = listener('a');
    const b = listener('b');
    watchers.watch(7, a);
    watchers.watch(7, b);
    watchers.watch(8, b);

    await bus.publish(channels.presence, { user_id: 7, online: true });
    await bus.publish(channels.presence, { user_id: 9, online: true });
    await bus.publish(channels.presence, { user_id: 8, online: false });
    await bus.publish(channels.presence, { nonsense: true });
    await tick();
    expect(heard).toEqual(['a:7:true', 'b:7:true', 'b:8:false']);

    watchers.unwatch([7, 8], b);
    expect(watchers.size).toBe(1);
    heard.length = 0;
    await bus.publish(channels.presence, { user_id: 7, online: false });
    await bus.publish(channels.presence, { user_id: 8, online: true });
    await tick();
    expect(heard).toEqual(['a:7:false']);

    await watchers.close();
    heard.length = 0;
    await bus.publish(channels.presence, { user_id: 7, online: true });
    await tick();
    expect(heard).toEqual([]);
    await bus.close();
  });
});
