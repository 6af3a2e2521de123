import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { hashPassword } from '../../packages/server/src/features/auth/passwords';
import { createAccessTokens } from '../../packages/server/src/features/auth/tokens';
import type { Database } from '../../packages/server/src/store/types';
import { BENCH_PASSWORD } from './accounts';
import { BulkWriter } from './bulk';

// Thousands of signed-in accounts in seconds, written straight into a
// throwaway store (registering and signing in 20,000 users over HTTP costs
// two argon2 runs each: half an hour on one core). Rows are what the app's
// own paths leave: users.createUser + conversations.provisionUser (Saved
// Messages, System with its welcome message, the events and unread 1), a
// direct chat between consecutive users (so presence has contacts), and one
// session per user with a refresh-token row as sessions.start() writes it.
// Access tokens are signed with the server's own module and key (stored in
// server_keys, shared with the server that later verifies them).

export interface SeededAccount {
  id: number;
  token: string;
}

const TOKEN_TTL_S = 4 * 3600;

export async function seedAccounts(
  db: Kysely<Database>,
  count: number,
  options: { pairs: boolean } = { pairs: true },
): Promise<SeededAccount[]> {
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  const sessions: number[] = [];
  await db.transaction().execute(async (trx) => {
    const w = new BulkWriter(trx);
    const base = await nextId(trx, 'users');
    let conv = await nextId(trx, 'conversations');
    let message = await nextId(trx, 'messages');
    let session = await nextId(trx, 'sessions');
    for (let i = 0; i < count; i++) ids.push(base + i);
    const paired = (i: number) => options.pairs && (i % 2 === 1 || i + 1 < count);
    for (const [i, id] of ids.entries()) {
      const username = `idle${tag}x${i}`;
      await w.add('users', {
        id,
        name: `Idle ${i}`,
        username,
        username_key: username.toLowerCase(),
        login: `${username}@bench.invalid`,
        login_key: `${username}@bench.invalid`.toLowerCase(),
        password_hash: passwordHash,
        created_at: at,
        last_seq: paired(i) ? 3 : 2,
      });
    }
    await w.flush(['users']);
    for (const id of ids) {
      const saved = conv++;
      const system = conv++;
      const welcome = message++;
      await w.add('conversations', own(saved, 'saved', 'Saved Messages', `saved:${id}`, id, at));
      await w.add('conversations', {
        ...own(system, 'system', 'Parley', `system:${id}`, null, at),
        last_message_id: welcome,
        last_message_at: at,
        last_seq: 2,
      });
      await w.add('conversation_members', member(saved, id, 0, at));
      await w.add('conversation_members', member(system, id, 1, at));
      await w.add('messages', {
        id: welcome,
        conversation_id: system,
        user_id: null,
        uuid: randomUUID(),
        message: MESSAGING_MSG.welcome,
        type: 'text',
        parent_id: null,
        forwarded_id: null,
        edited: 0,
        views: 0,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
      await w.add('conversation_events', created(saved, at));
      await w.add('conversation_events', created(system, at));
      await w.add('conversation_events', {
        conversation_id: system,
        seq: 2,
        type: 'message.new',
        payload: JSON.stringify({ message_id: welcome }),
        created_at: at,
      });
      await w.add('user_events', joined(id, 1, saved, at));
      await w.add('user_events', joined(id, 2, system, at));
    }
    // Consecutive users (2k, 2k+1) share a direct chat; each gets `conversation.joined` as seq 3.
    for (let i = 0; options.pairs && i + 1 < count; i += 2) {
      const a = ids[i] as number;
      const b = ids[i + 1] as number;
      const direct = conv++;
      await w.add('conversations', {
        ...own(direct, 'direct', null, `direct:${a}:${b}`, a, at),
      });
      await w.add('conversation_members', member(direct, a, 0, at));
      await w.add('conversation_members', member(direct, b, 0, at));
      await w.add('conversation_events', created(direct, at));
      await w.add('user_events', joined(a, 3, direct, at));
      await w.add('user_events', joined(b, 3, direct, at));
    }
    for (const id of ids) {
      sessions.push(session);
      await w.add('sessions', {
        id: session,
        user_id: id,
        family_id: randomBytes(16).toString('base64url'),
        device: 'Parley bench',
        ip: '127.0.0.1',
        user_agent: 'parley-bench',
        created_at: at,
        last_seen_at: at,
        revoked_at: null,
      });
      await w.add('refresh_tokens', {
        session_id: session++,
        token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        created_at: at,
        used_at: null,
        replaced_by: null,
        expires_at: expires,
      });
    }
    await w.flush([
      'conversations',
      'conversation_members',
      'messages',
      'conversation_events',
      'user_events',
      'sessions',
      'refresh_tokens',
    ]);
  });
  const tokens = createAccessTokens(db, () => new Date(), TOKEN_TTL_S);
  const out: SeededAccount[] = [];
  for (const [i, id] of ids.entries()) {
    out.push({ id, token: await tokens.sign({ userId: id, sessionId: sessions[i] as number }) });
  }
  return out;
}

async function nextId(
  db: Kysely<Database>,
  table: 'users' | 'conversations' | 'messages' | 'sessions',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

function own(
  id: number,
  type: 'saved' | 'system' | 'direct',
  name: string | null,
  uniqueKey: string,
  createdBy: number | null,
  at: string,
) {
  return {
    id,
    type,
    name,
    description: null,
    avatar: null,
    unique_key: uniqueKey,
    created_by: createdBy,
    created_at: at,
    last_message_id: null as number | null,
    last_message_at: null as string | null,
    last_activity_at: at,
    last_seq: 1,
    pinned_message_id: null,
    is_official: 0,
  };
}

function member(conversationId: number, userId: number, unread: number, at: string) {
  return {
    conversation_id: conversationId,
    user_id: userId,
    role: null,
    muted: 0,
    blocked: 0,
    pinned: 0,
    hidden: 0,
    notifications: 1,
    new_messages: unread,
    mentioned_message_id: null,
    last_read_message_id: null,
    cleared: 0,
    folder_id: null,
    joined_at: at,
    deleted: 0,
  };
}

const created = (conversationId: number, at: string) => ({
  conversation_id: conversationId,
  seq: 1,
  type: 'conversation.created',
  payload: JSON.stringify({ conversation_id: conversationId }),
  created_at: at,
});

const joined = (userId: number, seq: number, conversationId: number, at: string) => ({
  user_id: userId,
  seq,
  type: 'conversation.joined',
  payload: JSON.stringify({ conversation_id: conversationId }),
  created_at: at,
});
