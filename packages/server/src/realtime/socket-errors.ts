import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

// Errors on an open socket. Most are the client's doing — a frame over the
// size limit, bad UTF-8, a reserved opcode (ws names them WS_ERR_*), or a
// connection reset — and ws has already failed the socket for them. The
// plugin's default logged each at error level, so any client could fill the
// log with one oversize frame per socket (issue 18). Client faults are logged
// at info, at most once per interval with the number seen meanwhile; anything
// else is still an error. Either way the socket is terminated.

const CLIENT_NETWORK_FAULTS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isClientFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || CLIENT_NETWORK_FAULTS.has(code))
  );
}

export function socketErrorHandler(log: FastifyBaseLogger, everyMs = 10_000) {
  let seen = 0;
  let lastLogged = -Infinity;
  return (error: Error, socket: WebSocket): void => {
    socket.terminate();
    if (!isClientFault(error)) {
      log.error({ err: error }, 'realtime: socket error');
      return;
    }
    seen += 1;
    const now = Date.now();
    if (now - lastLogged < everyMs) return;
    log.info(
      { code: (error as { code?: string }).code, count: seen },
      'realtime: sockets failed by their clients (bad or oversize frames)',
    );
    seen = 0;
    lastLogged = now;
  };
}
