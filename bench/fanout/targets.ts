import type { ApiClient } from '../lib/http';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import type { FanoutConfig } from './config';
import { seedEjabberd } from './ejabberd-seed';
import { startEjabberd } from './ejabberd-server';
import { relayGroups, RELAY_SCRIPT } from './relay';
import type { BenchGroup, BenchUser } from './seed';
import { seed } from './seed';
import type { OpenSocket } from './sockets';
import { openSocket } from './sockets';
import type { Tracker } from './tracker';
import { openXmppSocket } from './xmpp-socket';

// The servers one fanout run drives with the same generator: Parley, the bare
// `ws` relay (always) and ejabberd (`--ejabberd`). Each differs only in how it
// starts, how its users and groups are made, and how a user's socket opens;
// the sending, the measuring and the report are the same code for all three.

export type TargetKind = 'parley' | 'relay' | 'ejabberd';

export interface StartedTarget {
  server: RunningServer;
  groups: (api: ApiClient) => Promise<BenchGroup[]>;
  open: (group: BenchGroup, user: BenchUser, tracker: Tracker) => Promise<OpenSocket>;
}

export interface TargetStart {
  prefix: string[];
  cpuProfDir?: string;
  sqlTimingFile?: string;
}

export async function startTarget(
  kind: TargetKind,
  config: FanoutConfig,
  start: TargetStart,
): Promise<StartedTarget> {
  if (kind === 'ejabberd') {
    const server = await startEjabberd(start.prefix);
    return {
      server,
      // Registration is cheap here (plain passwords in Mnesia): a few in parallel suffice.
      groups: () => seedEjabberd(server.port, config.groups, config.members, config.direct, 8),
      open: (group, user, tracker) =>
        openXmppSocket(server.port, group, user, config.direct, tracker),
    };
  }
  const server = await startServer({
    prefix: start.prefix,
    cpuProfDir: start.cpuProfDir,
    sqlTimingFile: start.sqlTimingFile,
    relayScript: kind === 'relay' ? RELAY_SCRIPT : undefined,
  });
  return {
    server,
    groups: (api) =>
      kind === 'relay'
        ? Promise.resolve(relayGroups(config.groups, config.members))
        : seed(api, config.groups, config.members, config.seedConcurrency, config.direct),
    open: (_group, user, tracker) => openSocket(server.port, user, tracker),
  };
}
