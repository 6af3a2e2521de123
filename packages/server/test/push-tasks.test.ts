import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createConversation, befriend } from './groups';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { person } from './messaging';
import type { Person } from './messaging';
import { startPushReceiver } from './push-receiver';
import type { PushReceiver, TestDevice } from './push-receiver';
import { stores } from './stores';
import type { TestStore } from './stores';
import { taskApi } from './tasks';

// Task assignments pushed to the assignee's devices (issue 22 "task
// assignments, following the notification settings"; features/push
// task-push.ts): decrypted at a local push service (push-receiver.ts).

describe.each(stores())('web push of task assignments ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  let app: App;
  let client: Client;
  let receiver: PushReceiver;
  let owner: Person;
  let member: Person;
  let device: TestDevice;
  let groupId: number;
  let taskGroupId: number;
  const api = taskApi(() => client);

  beforeAll(async () => {
    receiver = await startPushReceiver();
    ts = await backend.open();
    server = await startServer(ts.store, {
      publicUrl: 'https://parley.test',
      push: {
        guard: {
          resolver: () => Promise.reject(new Error('no DNS in tests')),
          allow: [{ address: '127.0.0.1', port: receiver.port }],
          onlyAllowed: false,
        },
        pollMs: 0, // drained by hand
      },
    });
    app = server.app;
    client = new Client(server.url);
    [owner, member] = [await person(client), await person(client)];
    await befriend(client, owner, member);
    const group = await createConversation(client, owner, 'group', {
      name: 'Planning',
      member_ids: [member.id],
      has_tasks: '1',
    });
    groupId = group.id;
    taskGroupId = (await api.group(owner, groupId, 'This week')).id;
    device = receiver.device('member-phone');
    await app.push.settle();
    const registered = await client.post(
      '/user/apps/token/create',
      { token: JSON.stringify(device.subscription), app_type: 'web' },
      { token: member.token, headers: { 'accept-language': 'fr' } },
    );
    expect(registered.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await ts?.store.close();
    await ts?.destroy();
  });
  beforeEach(async () => {
    await app.push.settle();
    receiver.received.length = 0;
  });

  /** Assigns a new task to the member and returns what reached their device. */
  const assign = async (title: string) => {
    const task = await api.task(owner, taskGroupId, title, { assignee_ids: [member.id] });
    await app.push.settle();
    return task;
  };

  it('pushes the assignment in the device language, tagged per task', async () => {
    const task = await assign('Book the room');
    const [push] = await receiver.waitFor(1);
    expect(push?.payload).toMatchObject({
      kind: 'task',
      conversation_id: groupId,
      message_id: null,
      tag: `parley-task-${task.id}`,
      title: `${owner.name} vous a assigné une tâche`,
      body: 'Book the room',
      identifies: true,
    });
    expect(push?.topic).toBe(`t${task.id}`);
  });

  it('pushes nothing to the assigner for their own assignment, nor for an edit that adds no one', async () => {
    const task = await api.task(owner, taskGroupId, 'Mine', { assignee_ids: [owner.id] });
    await api.edit(owner, task.id, { title: 'Still mine' });
    await app.push.settle();
    expect(receiver.received).toEqual([]);
  });

  it('holds back under the global mute, but not under the chat mute', async () => {
    await client.post(
      `/user/conversations/${groupId}/mute`,
      { value: true },
      { token: member.token },
    );
    await assign('Despite the chat mute');
    expect(await receiver.waitFor(1)).toHaveLength(1);
    receiver.received.length = 0;
    await client.post(
      `/user/conversations/${groupId}/mute`,
      { value: false },
      { token: member.token },
    );
    await client.post('/user/mute', { muted: true }, { token: member.token });
    await assign('While all muted');
    expect(receiver.received).toEqual([]);
    await client.post('/user/mute', { muted: false }, { token: member.token });
  });

  it('says only "new task" in paranoid mode', async () => {
    await client.post(
      '/user/settings/set-secret',
      { secret: '2718', secret_confirmation: '2718', secret_hint: 'e' },
      { token: member.token },
    );
    expect(
      (await client.post('/user/paranoid', { on: true }, { token: member.token })).status,
    ).toBe(200);
    await assign('The secret plan');
    const [push] = await receiver.waitFor(1);
    expect(push?.payload).toMatchObject({
      kind: 'task',
      title: 'Parley',
      body: 'Nouvelle tâche pour vous',
      identifies: false,
    });
    expect(JSON.stringify(push?.payload)).not.toContain('secret plan');
    expect(JSON.stringify(push?.payload)).not.toContain(owner.name);
  });
});
