import { performance } from 'node:perf_hooks';

// Book-keeping for every message sent and every delivery seen. A message is
// known by its client uuid from the moment its POST is issued, because the
// WebSocket delivery may arrive before the HTTP reply (the server publishes,
// then answers). Latency comes from the send timestamp embedded in the text.

export interface SentMessage {
  group: number;
  /** When the open-loop schedule meant to send it (performance.now() ms). */
  scheduledMs: number;
  /** Sent inside the measured window (after warm-up). */
  measured: boolean;
  status: 'pending' | 'ok' | 'failed';
  /** Recipients: every member of the group, the sender's own socket included. */
  expected: number;
  delivered: number;
}

const MAX_ERROR_SAMPLES = 10;

export class Tracker {
  readonly messages = new Map<string, SentMessage>();
  readonly latencies: number[] = [];
  readonly sendLags: number[] = [];
  readonly replyTimes: number[] = [];
  measuredDeliveries = 0;
  duplicates = 0;
  /** Deliveries of messages this run did not send, or whose text lacks a timestamp. */
  strays = 0;
  errors = 0;
  readonly errorSamples: string[] = [];

  error(what: string): void {
    this.errors++;
    if (this.errorSamples.length < MAX_ERROR_SAMPLES) this.errorSamples.push(what);
  }

  /** A message.new seen by one recipient; `seen` is that recipient's set of message ids. */
  delivery(seen: Set<number>, messageId: number, uuid: string, text: string): void {
    const now = performance.now();
    if (seen.has(messageId)) {
      this.duplicates++;
      return;
    }
    seen.add(messageId);
    const sent = this.messages.get(uuid);
    const stamp = /\bt=(\d+(?:\.\d+)?)/.exec(text);
    if (!sent || !stamp) {
      this.strays++;
      return;
    }
    sent.delivered++;
    if (sent.measured) {
      this.measuredDeliveries++;
      this.latencies.push(now - Number(stamp[1]));
    }
  }

  /** Deliveries still expected (of messages the server accepted) plus POSTs not answered. */
  outstanding(): { missing: number; pending: number } {
    let missing = 0;
    let pending = 0;
    for (const m of this.messages.values()) {
      if (m.status === 'pending') pending++;
      else if (m.status === 'ok') missing += Math.max(0, m.expected - m.delivered);
    }
    return { missing, pending };
  }
}
