import { ID_MAX } from '@parley/protocol/constants';

/**
 * Route param → conversation id; anything but an id in the API's range
 * (protocol ids.ts) is "not found", without asking the server.
 */
export function parseConversationId(param: string | undefined): number | null {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= ID_MAX ? id : null;
}
