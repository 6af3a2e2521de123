import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { BotCommand } from '@parley/protocol/bot';

// The composer's "/" menu: while the draft is a lone "/word", the
// conversation's bot commands that start with that word (then those that
// contain it), loaded once per composer on the first "/". Up and Down move,
// Enter sends the command, Tab puts it in the draft, Escape closes the menu
// until the draft changes.

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

export type CommandMenu = {
  open: boolean;
  matches: BotCommand[];
  active: number;
  setActive: (index: number) => void;
  /** Handles the menu's keys; true when the key was the menu's. */
  onKeyDown: (event: KeyboardEvent) => boolean;
  pick: (index: number, send: boolean) => void;
};

export function useCommandMenu(
  draft: string,
  load: (() => Promise<BotCommand[]>) | undefined,
  onPick: (text: string, send: boolean) => void,
): CommandMenu {
  const [commands, setCommands] = useState<BotCommand[] | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [activeFor, setActiveFor] = useState(draft);
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

  if (activeFor !== draft) {
    setActiveFor(draft);
    setActive(0);
  }
  const matches = query !== null && commands ? matchCommands(commands, query) : [];
  const open = matches.length > 0 && dismissed !== draft;

  const pick = (index: number, send: boolean) => {
    const command = matches[index];
    if (command && commands) onPick(commandText(command, commands), send);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    const n = matches.length;
    if (event.key === 'ArrowDown') setActive((active + 1) % n);
    else if (event.key === 'ArrowUp') setActive((active - 1 + n) % n);
    else if (event.key === 'Enter' && !event.shiftKey) pick(active, true);
    else if (event.key === 'Tab' && !event.shiftKey) pick(active, false);
    else if (event.key === 'Escape') setDismissed(draft);
    else return false;
    event.preventDefault();
    return true;
  };

  return { open, matches, active, setActive, onKeyDown, pick };
}
