import { mapLimit } from '../lib/pool';
import { relayGroups } from './relay';
import type { BenchGroup } from './seed';
import { XMPP_PASSWORD, xmppRoom, xmppUser } from './xmpp-socket';
import { MUC_DOMAIN, XMPP_DOMAIN } from './xmpp-stanzas';

// Accounts and rooms of the ejabberd reference, made before the measured
// window through ejabberd's own admin commands (mod_http_api on loopback: the
// commands `ejabberdctl` runs): `register` for every user, and for a group a
// members-only MUC room (`create_room_with_opts`) in which each member gets
// the `member` affiliation (`set_room_affiliation`), so a room has exactly the
// group's members, as Parley's group has. Direct pairs need no room: one-to-one
// messages go to the peer's bare JID. Same groups, members and order as the
// relay's (relay.ts), hence the same senders in the generator.

async function command(port: number, name: string, args: Record<string, unknown>): Promise<void> {
  const reply = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await reply.text();
  // Commands answer 200 with a result; `0` or a sentence means success, an object with status:error not.
  if (!reply.ok || text.includes('"status":"error"')) {
    throw new Error(`ejabberd ${name}: ${reply.status} ${text.slice(0, 200)}`);
  }
}

export async function seedEjabberd(
  port: number,
  groups: number,
  members: number,
  direct: boolean,
  concurrency: number,
): Promise<BenchGroup[]> {
  const made = relayGroups(groups, members);
  const users = made.flatMap((g) => g.members);
  await mapLimit(users, concurrency, (u) =>
    command(port, 'register', { user: xmppUser(u), host: XMPP_DOMAIN, password: XMPP_PASSWORD }),
  );
  if (direct) {
    // XMPP does not echo a one-to-one message to the sending session: one delivery each.
    return made.map((g) => ({ ...g, deliveriesPerSend: 1 }));
  }
  await mapLimit(made, concurrency, async (g) => {
    const room = { name: xmppRoom(g), service: MUC_DOMAIN };
    await command(port, 'create_room_with_opts', {
      ...room,
      host: XMPP_DOMAIN,
      options: [
        { name: 'members_only', value: 'true' },
        { name: 'persistent', value: 'true' },
        { name: 'max_users', value: '1000' },
      ],
    });
    for (const u of g.members) {
      await command(port, 'set_room_affiliation', {
        ...room,
        jid: `${xmppUser(u)}@${XMPP_DOMAIN}`,
        affiliation: 'member',
      });
    }
  });
  return made;
}
