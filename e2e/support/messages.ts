import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { callApi } from './api';

// Seeding messages over the API (a Bearer token needs no CSRF echo).

/** A text message; its id. */
export async function sendText(
  request: APIRequestContext,
  token: string,
  chatId: number,
  text: string,
): Promise<number> {
  const sent = await callApi<{ id: number }>(request, token, '/user/messages', {
    conversation_id: chatId,
    uuid: randomUUID(),
    message: text,
  });
  return sent.id;
}

/** A file uploaded and sent with an optional caption; the message's id. */
export async function sendFile(
  request: APIRequestContext,
  token: string,
  chatId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
  caption = '',
): Promise<number> {
  const res = await request.post('/api/v1/user/files/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { attached_file } = (await res.json()) as { attached_file: { id: number } };
  const sent = await callApi<{ id: number }>(request, token, '/user/messages', {
    conversation_id: chatId,
    uuid: randomUUID(),
    message: caption,
    file_id: attached_file.id,
  });
  return sent.id;
}
