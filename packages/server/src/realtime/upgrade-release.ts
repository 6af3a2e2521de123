import { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

// @fastify/websocket routes the upgrade through Fastify (hooks, the Origin
// check, error replies), and two of its references would keep that request's
// objects — the IncomingMessage, a ServerResponse, Fastify's Request and
// Reply, a child logger: about 5 KB — alive for as long as the socket is open
// (heap snapshot of 2,000 idle sockets, bench `connections`):
//   - the ServerResponse it attaches to the TCP socket (`assignSocket`), which
//     holds the request and Fastify's listeners;
//   - its 'error' listener on the WebSocket, a closure over request and reply.
// Both are let go once the socket is upgraded. The replacement listener hands
// the error to `onError` (socket-errors.ts: log by kind, then terminate). A
// WebSocket must keep an 'error' listener, or a bad frame would throw.

/** The TCP socket's current HTTP response (Node's own field, set by assignSocket). */
interface HttpSocket extends Socket {
  _httpMessage?: unknown;
}

export type UpgradeRelease = (socket: WebSocket, raw: Socket) => void;

/** One function for every socket: the error listener is shared, not a closure per socket. */
export function createUpgradeRelease(
  onError: (error: Error, socket: WebSocket) => void,
): UpgradeRelease {
  function onSocketError(this: WebSocket, error: Error): void {
    onError(error, this);
  }
  return (socket, raw) => {
    const response = (raw as HttpSocket)._httpMessage;
    if (response instanceof ServerResponse) response.detachSocket(raw);
    socket.removeAllListeners('error');
    socket.on('error', onSocketError);
  };
}
