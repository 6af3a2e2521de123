// The fanout scenario's reference: a bare Node + `ws` relay that stores
// nothing. It speaks just enough of Parley's socket protocol for the same
// load generator (sockets.ts, sender.ts, frame-scan.ts): `hello` → `ready`,
// `send` → one `message.new` event frame per socket of the conversation (the
// sender's own included), then `sent` to the sender, as Parley publishes
// before it answers. The token in `hello` is the conversation id (the relay
// has no accounts). Plain JavaScript run by bare `node`, with no tsx loader,
// so its CPU and memory are those of the cheapest possible server: what
// Parley's figures are divided by. Usage: node relay-server.mjs <port>
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
/** conversation id → its open sockets */
const rooms = new Map();
let nextId = 0;
const seqs = new Map();

const http = createServer((req, res) => {
  // The bench polls /ready before it starts, as it does with Parley.
  res.writeHead(req.url === '/api/v1/ready' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{}');
});
// Compression off, as Parley's server: zlib contexts per socket would dwarf the rest.
const wss = new WebSocketServer({ server: http, path: '/api/v1/ws', perMessageDeflate: false });

wss.on('connection', (socket) => {
  let room;
  socket.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (frame.op === 'hello') {
      const id = Number(frame.token);
      room = rooms.get(id) ?? new Set();
      rooms.set(id, room);
      room.add(socket);
      socket.send('{"op":"ready"}');
      return;
    }
    // The application heartbeat of the connections scenario's idle sockets.
    if (frame.op === 'ping') {
      socket.send('{"op":"pong"}');
      return;
    }
    if (frame.op !== 'send' || !frame.body) return;
    const body = frame.body;
    const conversationId = Number(body.conversation_id);
    const members = rooms.get(conversationId);
    if (!members) return;
    const id = ++nextId;
    const seq = (seqs.get(conversationId) ?? 0) + 1;
    seqs.set(conversationId, seq);
    // Field order as Parley writes it, so frame-scan.ts reads it without a parse.
    const event = JSON.stringify({
      op: 'event',
      scope: 'conversation',
      conversation_id: conversationId,
      seq,
      type: 'message.new',
      payload: {
        message_id: id,
        message: { id, uuid: String(body.uuid), message: String(body.message) },
      },
    });
    for (const member of members) member.send(event);
    socket.send(JSON.stringify({ op: 'sent', ref: frame.ref, message_id: id }));
  });
  socket.on('close', () => room?.delete(socket));
});

http.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
