// Bot commands in a text, Telegram's way: a "/" at the start or after a
// space, then 1..32 latin letters, digits or underscores, optionally
// "@botname". The Bot API marks them as `bot_command` entities (server
// features/bots/telegram.ts) and the web app makes them tappable in bots'
// messages (a tap sends the command): both read this one pattern.

export const BOT_COMMAND_SOURCE = '\\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?![A-Za-z0-9_])';

export type CommandPiece = { kind: 'text'; text: string } | { kind: 'command'; text: string };

/** The text cut into plain runs and commands, in order; joined back they give the text. */
export function splitCommands(text: string): CommandPiece[] {
  const out: CommandPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(new RegExp(`(^|\\s)(${BOT_COMMAND_SOURCE})`, 'g'))) {
    const command = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > at) out.push({ kind: 'text', text: text.slice(at, start) });
    out.push({ kind: 'command', text: command });
    at = start + command.length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

const NAMED = new RegExp(`^${BOT_COMMAND_SOURCE}$`);

/** The bot a command names (`/start@parley_bot` → `parley_bot`), or null when it names none. */
export function commandBot(command: string): string | null {
  if (!NAMED.test(command)) return null;
  const at = command.indexOf('@');
  return at === -1 ? null : command.slice(at + 1);
}

/**
 * What a tap on `command` in a bot's message sends. In a group, where several
 * bots may listen, it names the bot that wrote it (`/help@my_bot`, as
 * Telegram does) unless it already names one; in a direct chat it stays as is.
 */
export function commandToSend(command: string, bot: string | null): string {
  if (bot === null || commandBot(command) !== null) return command;
  return `${command}@${bot}`;
}
