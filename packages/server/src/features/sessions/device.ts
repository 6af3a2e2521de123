import { deviceLabel, parseUserAgent } from '@parley/protocol/rules/user-agent';

/** The stored English name of a session's device ("Chrome on Linux"); see rules/user-agent.ts. */
export function deviceName(userAgent: string | null | undefined): string {
  return deviceLabel(parseUserAgent(userAgent));
}
