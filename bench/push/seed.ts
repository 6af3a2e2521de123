import { createECDH, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../packages/server/src/store/types';
import { BulkWriter } from '../lib/bulk';
import type { SeededAccount } from '../lib/accounts-seed';

// One group of all seeded accounts (the first is the sender and owner), and
// `perMember` push devices for every other member, each with its own
// endpoint on the local receiver. Rows as the app writes them
// (groups/service create, push/subscriptions saveSubscription).

export async function seedGroupWithDevices(
  db: Kysely<Database>,
  accounts: SeededAccount[],
  perMember: number,
  receiverPort: number,
): Promise<{ conversationId: number; devices: number }> {
  const at = new Date().toISOString();
  // One key pair for every device: the sender still does the ECDH and the
  // encryption once per push, which is what is measured.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  const conversation = await db
    .insertInto('conversations')
    .values({
      type: 'group',
      name: 'Push bench',
      created_by: accounts[0]?.id ?? null,
      created_at: at,
      last_activity_at: at,
      is_official: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let devices = 0;
  await db.transaction().execute(async (trx) => {
    const w = new BulkWriter(trx);
    for (const [i, account] of accounts.entries()) {
      await w.add('conversation_members', {
        conversation_id: conversation.id,
        user_id: account.id,
        role: i === 0 ? 'owner' : null,
        muted: 0,
        blocked: 0,
        pinned: 0,
        hidden: 0,
        notifications: 1,
        joined_at: at,
        deleted: 0,
      });
      if (i === 0) continue;
      for (let d = 0; d < perMember; d++) {
        await w.add('push_subscriptions', {
          user_id: account.id,
          session_id: null,
          endpoint: `http://127.0.0.1:${receiverPort}/push/${account.id}-${d}`,
          p256dh,
          auth,
          locale: 'en',
          visible_until: null,
          created_at: at,
        });
        devices++;
      }
    }
    await w.flush(['conversation_members', 'push_subscriptions']);
  });
  return { conversationId: conversation.id, devices };
}
