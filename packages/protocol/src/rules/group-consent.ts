// Who may put whom into a group or channel (issue 18, docs/PERMISSIONS.md
// "Consent"). Being added is a person's choice: a direct chat alone proves
// nothing, since anyone can open one with anyone. The server asks this rule
// for every person an add names (create with member_ids, add members,
// unblock with add); the web shows the setting and its consequences.

/** Telegram's "Who can add me to groups", the `who_can_add` setting. */
export const WHO_CAN_ADD = ['everybody', 'contacts', 'nobody'] as const;
export type WhoCanAdd = (typeof WHO_CAN_ADD)[number];
export const WHO_CAN_ADD_DEFAULT: WhoCanAdd = 'contacts';

export interface AddContext {
  /** Either side of the direct chat between the adder and the person has blocked the other. */
  blocked: boolean;
  /**
   * The person has written to the adder in their direct chat: a two-way
   * chat, one the person took part in. Their contacts, in the setting's words.
   */
  twoWay: boolean;
  /** The person's `who_can_add`. */
  setting: WhoCanAdd;
  /**
   * The person is a bot: no one is there to accept an invitation, and adding
   * a bot is how it is put to work (Telegram lets anyone add a bot).
   */
  bot?: boolean;
}

/**
 * 'add' at once, 'invite' (the person accepts or declines), or 'refuse'
 * (a block holds either way: no member, no invitation).
 */
export type AddDecision = 'add' | 'invite' | 'refuse';

export function decideAdd(context: AddContext): AddDecision {
  if (context.blocked) return 'refuse';
  if (context.bot) return 'add';
  if (context.setting === 'everybody') return 'add';
  if (context.setting === 'contacts' && context.twoWay) return 'add';
  return 'invite';
}
