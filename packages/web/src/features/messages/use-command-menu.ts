import { useEffect, useState } from 'react';
import type { BotCommand } from '@parley/protocol/bot';
import { useSuggestMenu } from './use-suggest-menu';
import type { SuggestMenu } from './use-suggest-menu';

// The composer's "/" menu: while the draft is a lone "/word", the
// conversation's bot commands that start with that word (then those that
// contain it), loaded once per composer on the first "/". Up and Down move,
// Enter (or a click) sends the command, Tab puts it in the draft, Escape
// closes the menu until the draft changes (./use-suggest-menu.ts).

/** The draft's command prefix ("/sta" → "sta"), or null when it is not a lone command. */
export function commandQuery(draft: string): string | null {
  const m = /^\/(\w*)$/.exec(draft);
  return m ? (m[1] ?? '').toLowerCase() : null;
}

/** Commands for the query: those starting with it first, then those containing it. */
export function matchCommands(commands: BotCommand[], query: string): BotCommand[] {
  const starts = commands.filter((c) => c.command.toLowerCase().startsWith(query));
  const contains = commands.filter(
    (c) => !c.command.toLowerCase().startsWith(query) && c.command.toLowerCase().includes(query),
  );
  return [...starts, ...contains];
}

/** The text a pick writes: "/cmd", or "/cmd@bot" when several bots share the chat. */
export function commandText(command: BotCommand, commands: BotCommand[]): string {
  const bots = new Set(commands.map((c) => c.bot_id));
  return bots.size > 1 ? `/${command.command}@${command.bot_username}` : `/${command.command}`;
}

export type CommandMenu = SuggestMenu<BotCommand>;

export function useCommandMenu(
  draft: string,
  load: (() => Promise<BotCommand[]>) | undefined,
  onPick: (text: string, send: boolean) => void,
): CommandMenu {
  const [commands, setCommands] = useState<BotCommand[] | null>(null);
  const query = load ? commandQuery(draft) : null;
  const wanted = query !== null;

  useEffect(() => {
    if (!wanted || commands !== null || !load) return;
    let live = true;
    load().then(
      (list) => live && setCommands(list),
      () => live && setCommands([]),
    );
    return () => {
      live = false;
    };
  }, [wanted, commands, load]);

  const matches = query !== null && commands ? matchCommands(commands, query) : [];
  return useSuggestMenu(draft, matches, (command, how) =>
    onPick(commandText(command, commands ?? []), how !== 'tab'),
  );
}
