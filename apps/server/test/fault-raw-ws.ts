/**
 * A raw Socket.IO-over-WebSocket client on a plain TCP socket, for the slow-consumer test: it
 * can keep writing frames while it has stopped reading (`pause()`), which no real client does
 * on purpose but a stuck phone or a hostile script does. Only what that test needs: the
 * WebSocket upgrade, masked text frames out, and counting text frames in.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export class RawSocketIo {
  private buf = Buffer.alloc(0);
  private upgraded = false;
  /** Text payloads received (engine.io packets, e.g. `42["step",…]`). */
  readonly received: string[] = [];
  readonly closed: Promise<void>;
  /** When the server's WebSocket close frame came (`performance.now()`), and when the connection ended. */
  closeFrameAt: number | null = null;
  endedAt: number | null = null;
  /**
   * How long after the server's close frame this client answers it with its own (a peer on a slow
   * network); null: never (a frozen phone), the default.
   */
  answerCloseAfterMs: number | null = null;

  private constructor(private readonly sock: Socket) {
    sock.on('data', (d: Buffer) => this.onData(d));
    this.closed = new Promise((resolve) =>
      sock.once('close', () => {
        this.endedAt = performance.now();
        resolve();
      }),
    );
    sock.on('error', () => undefined);
  }

  /** Connect, upgrade, join the namespace with `auth`, and wait for the first snapshot. */
  static async open(port: number, auth: Record<string, unknown>): Promise<RawSocketIo> {
    const sock = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => sock.once('connect', resolve).once('error', reject));
    const c = new RawSocketIo(sock);
    const key = randomBytes(16).toString('base64');
    sock.write(
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    await c.waitFor((m) => m.startsWith('0{'));
    c.send(`40${JSON.stringify(auth)}`);
    await c.waitFor((m) => m.startsWith('42["snapshot"'));
    return c;
  }

  /** Send one masked text frame. */
  send(text: string): void {
    const payload = Buffer.from(text, 'utf8');
    const mask = randomBytes(4);
    const len = payload.length;
    const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff]);
    for (let i = 0; i < len; i++) payload[i]! ^= mask[i & 3]!;
    this.sock.write(Buffer.concat([head, mask, payload]));
  }

  /** Stop reading from the socket: the kernel buffers fill, then the server's. */
  pause(): void {
    this.sock.pause();
  }

  /** True once the server has closed the connection. */
  get isClosed(): boolean {
    return this.sock.destroyed || this.sock.readableEnded;
  }

  destroy(): void {
    this.sock.destroy();
  }

  waitFor(pred: (msg: string) => boolean, timeoutMs = 5000): Promise<string> {
    const found = this.received.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('raw client: timed out')), timeoutMs);
      const check = () => {
        const m = this.received.find(pred);
        if (!m) return;
        clearTimeout(t);
        this.sock.off('data', check);
        resolve(m);
      };
      this.sock.on('data', check);
    });
  }

  private onData(d: Buffer): void {
    this.buf = Buffer.concat([this.buf, d]);
    if (!this.upgraded) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.upgraded = true;
      this.buf = this.buf.subarray(end + 4);
    }
    for (;;) {
      if (this.buf.length < 2) return;
      let len = this.buf[1]! & 0x7f;
      let off = 2;
      if (len === 126) {
        if (this.buf.length < 4) return;
        len = this.buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (this.buf.length < 10) return;
        len = Number(this.buf.readBigUInt64BE(2));
        off = 10;
      }
      if (this.buf.length < off + len) return;
      const opcode = this.buf[0]! & 0x0f;
      const text = this.buf.subarray(off, off + len).toString('utf8');
      this.buf = this.buf.subarray(off + len);
      if (opcode === 1) {
        if (text === '2') this.send('3'); // engine.io ping → pong
        this.received.push(text);
      } else if (opcode === 8 && this.closeFrameAt === null) {
        this.closeFrameAt = performance.now();
        const after = this.answerCloseAfterMs;
        // a masked close frame with no payload
        if (after !== null) setTimeout(() => this.sock.writable && this.sock.write(Buffer.concat([Buffer.from([0x88, 0x80]), randomBytes(4)])), after);
      }
    }
  }
}
