/**
 * A stand-in for Slack's Socket Mode WebSocket endpoint (RFC 6455, just what Socket Mode uses): it
 * accepts the upgrade, says `hello`, answers pings, records the app's messages (acks), can send an
 * envelope and can drop the connection (to see the app reconnect). The fake Slack's
 * `apps.connections.open` hands out its URL.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export class FakeSocketMode {
  readonly received: Record<string, unknown>[] = [];
  connections = 0;
  #server: Server | undefined;
  #sockets = new Set<Duplex>();
  #url = '';

  get url(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    const server = createServer((_req, res) => {
      res.writeHead(426);
      res.end();
    });
    server.on('upgrade', (req, socket) => {
      const key = String(req.headers['sec-websocket-key'] ?? '');
      const accept = createHash('sha1').update(key + GUID).digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      this.connections += 1;
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
      socket.on('error', () => this.#sockets.delete(socket));
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          const frame = readFrame(buffered);
          if (!frame) break;
          buffered = buffered.subarray(frame.length);
          if (frame.opcode === 0x9) socket.write(encodeFrame(0xa, frame.payload));
          else if (frame.opcode === 0x8) {
            socket.write(encodeFrame(0x8, frame.payload));
            socket.end();
          } else if (frame.opcode === 0x1) this.received.push(JSON.parse(frame.payload.toString('utf8')) as Record<string, unknown>);
        }
      });
      this.#send(socket, { type: 'hello', num_connections: 1, connection_info: { app_id: 'A0TESTAPP' } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.#server = server;
    this.#url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/link`;
    return this;
  }

  /** Sends an envelope (e.g. a slash command) on every open connection. */
  sendEnvelope(envelope: Record<string, unknown>): void {
    for (const socket of this.#sockets) this.#send(socket, envelope);
  }

  /** Cuts every connection without a close frame, as a network failure does. */
  drop(): void {
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  #send(socket: Duplex, message: Record<string, unknown>): void {
    socket.write(encodeFrame(0x1, Buffer.from(JSON.stringify(message), 'utf8')));
  }
}

/** A server frame: FIN set, unmasked. */
function encodeFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : (() => {
            const big = Buffer.alloc(10);
            big[0] = 0x80 | opcode;
            big[1] = 127;
            big.writeBigUInt64BE(BigInt(length), 2);
            return big;
          })();
  return Buffer.concat([header, payload]);
}

/** One complete (client, masked) frame at the start of `data`, or undefined while it is incomplete. */
function readFrame(data: Buffer): { opcode: number; payload: Buffer; length: number } | undefined {
  if (data.length < 2) return undefined;
  const opcode = (data[0] ?? 0) & 0x0f;
  const masked = ((data[1] ?? 0) & 0x80) !== 0;
  let length = (data[1] ?? 0) & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (data.length < 4) return undefined;
    length = data.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (data.length < 10) return undefined;
    length = Number(data.readBigUInt64BE(2));
    offset = 10;
  }
  const maskOffset = offset;
  if (masked) offset += 4;
  if (data.length < offset + length) return undefined;
  const payload = Buffer.from(data.subarray(offset, offset + length));
  if (masked) for (let i = 0; i < payload.length; i += 1) payload[i] = (payload[i] ?? 0) ^ (data[maskOffset + (i % 4)] ?? 0);
  return { opcode, payload, length: offset + length };
}
