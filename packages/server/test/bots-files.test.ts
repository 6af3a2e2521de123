import { describe, expect, it } from 'vitest';
import type { HistoryReply } from '@parley/protocol/message';
import { api, newBot } from './bots';
import { eventually } from './bots-grammy';
import { direct, person } from './messaging';
import { pdf, solid } from './images';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A bot's files (docs/BOTS.md): sendPhoto and sendDocument as multipart
// uploads, the same file again by its file_id, getFile and the download;
// and a person's edit reaching the bot as edited_message.

async function multipart(baseUrl: string, token: string, method: string, form: FormData) {
  const res = await fetch(`${baseUrl}/bot${token}/${method}`, { method: 'POST', body: form });
  return {
    status: res.status,
    body: (await res.json()) as {
      ok: boolean;
      result: Record<string, unknown>;
      description?: string;
    },
  };
}

for (const backend of stores()) {
  describe(`bot files and edits (${backend.name})`, () => {
    const suite = useSuiteServer(backend);

    it('uploads a photo and a document, reuses a file_id, and downloads through getFile', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const chat = await direct(client, alice, { ...alice, id: bot.id });
      const form = new FormData();
      form.set('chat_id', String(chat.id));
      form.set('caption', 'A red square');
      form.set(
        'photo',
        new Blob([new Uint8Array(await solid('png'))], { type: 'image/png' }),
        'red.png',
      );
      const photo = await multipart(client.baseUrl, bot.token, 'sendPhoto', form);
      expect(photo.status).toBe(200);
      const sizes = photo.body.result['photo'] as { file_id: string; width: number }[];
      expect(sizes[0]?.width).toBe(80);
      expect(photo.body.result['caption']).toBe('A red square');

      const again = await api(client, bot.token, 'sendPhoto', {
        chat_id: chat.id,
        photo: sizes[0]?.file_id,
      });
      expect(again.status).toBe(200);

      const docForm = new FormData();
      docForm.set('chat_id', String(chat.id));
      docForm.set('document', 'attach://file1');
      docForm.set(
        'file1',
        new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }),
        'notes.pdf',
      );
      const doc = await multipart(client.baseUrl, bot.token, 'sendDocument', docForm);
      expect(doc.body.result['document']).toMatchObject({
        file_name: 'notes.pdf',
        mime_type: 'application/pdf',
      });
      const notPicture = await api(client, bot.token, 'sendPhoto', {
        chat_id: chat.id,
        photo: (doc.body.result['document'] as { file_id: string }).file_id,
      });
      expect(notPicture.status).toBe(400);

      const file = await api(client, bot.token, 'getFile', { file_id: sizes[0]?.file_id });
      const path = (file.body.result as { file_path: string }).file_path;
      const download = await fetch(`${client.baseUrl}/file/bot${bot.token}/${path}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect((await fetch(`${client.baseUrl}/file/bot${bot.token}/nope`)).status).toBe(404);
      expect(
        (
          await api(client, bot.token, 'sendPhoto', {
            chat_id: chat.id,
            photo: 'AAAAAAAAAAAAAAAAAAAAAA',
          })
        ).status,
      ).toBe(400);

      const history = await client.get<HistoryReply>(`/user/conversations/${chat.id}/messages`, {
        token: alice.token,
      });
      expect(history.body.messages.filter((m) => m.attached_file !== null)).toHaveLength(3);
    });

    it("tells the bot of a person's edit, and lets the bot edit and delete its own message", async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const chat = await direct(client, alice, { ...alice, id: bot.id });
      const mine = await client.post<{ id: number }>(
        '/user/messages',
        { conversation_id: chat.id, uuid: crypto.randomUUID(), message: 'first' },
        { token: alice.token },
      );
      await client.call(
        'PATCH',
        `/api/v1/user/messages/${mine.body.id}`,
        { message: 'second' },
        { token: alice.token },
      );
      const seen = await eventually(async () => {
        const r = (await api(client, bot.token, 'getUpdates', {})).body.result as Record<
          string,
          unknown
        >[];
        return r.length >= 2 ? r : undefined;
      });
      expect(seen[1]?.['edited_message']).toMatchObject({
        message_id: mine.body.id,
        text: 'second',
      });

      const own = await api(client, bot.token, 'sendMessage', { chat_id: chat.id, text: 'hello' });
      const id = (own.body.result as { message_id: number }).message_id;
      const notOwn = await api(client, bot.token, 'editMessageText', {
        chat_id: chat.id,
        message_id: mine.body.id,
        text: 'x',
      });
      expect(notOwn.body.description).toBe("Bad Request: message can't be edited");
      const edited = await api(client, bot.token, 'editMessageText', {
        chat_id: chat.id,
        message_id: id,
        text: 'hello!',
      });
      expect(edited.body.result).toMatchObject({ text: 'hello!' });
      expect(
        (
          await api(client, bot.token, 'deleteMessage', {
            chat_id: chat.id,
            message_id: mine.body.id,
          })
        ).status,
      ).toBe(400);
      expect(
        (await api(client, bot.token, 'deleteMessage', { chat_id: chat.id, message_id: id })).body,
      ).toEqual({ ok: true, result: true });
    });
  });
}
