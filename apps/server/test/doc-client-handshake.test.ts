/**
 * The protocol audit's handshake (PROTOCOL.md §3): every `connect_error` code in its order, the
 * refusals below Socket.IO (a foreign origin, another namespace, Engine.IO's own answers), and
 * the roles a socket gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DocClient } from './doc-client/client.js';
import { createTable, raw, request } from './doc-client/http.js';
import { rawConnect } from './doc-client/raw-socket.js';
import { docServer, FAST } from './doc-client/server.js';
import { PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
let table: { id: string; hostKey: string };
let other: { id: string; hostKey: string };
let token: string;
beforeAll(async () => {
  server = await docServer(FAST);
  table = await createTable(server.url);
  other = await createTable(server.url);
  const p = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id });
  token = (await p.send('sit', { seat: 1, name: 'Bob' })).token as string;
  p.close();
});
afterAll(async () => {
  await server.close();
});

const refusedWith = async (auth: Record<string, unknown>) => DocClient.refused(server.url, auth);
const UNKNOWN = 'A'.repeat(22);

describe('§3 handshake refusals, in order', () => {
  it('1 PROTOCOL_MISMATCH: protocolVersion missing or anything but the number 3, with serverVersion 3', async () => {
    for (const v of [undefined, 1, 2, 4, '3', 3.5, null, 'x'.repeat(100)]) {
      const e = await refusedWith({ ...(v === undefined ? {} : { protocolVersion: v }), tableId: 'bad' });
      expect(e.code, String(v)).toBe('PROTOCOL_MISMATCH');
      expect(e.serverVersion).toBe(PROTOCOL);
      expect(e.message).not.toContain('x'.repeat(25));
    }
  });

  it('2 BAD_REQUEST: a field of the wrong type or length, an unknown field, a malformed table id', async () => {
    const cases: Record<string, unknown>[] = [
      { tableId: 'short' },
      { tableId: `${'A'.repeat(21)}!` },
      { tableId: 5 },
      { tableId: table.id, token: '' },
      { tableId: table.id, token: 'x'.repeat(201) },
      { tableId: table.id, token: 7 },
      { tableId: table.id, hostKey: '' },
      { tableId: table.id, hostKey: 'x'.repeat(201) },
      { tableId: table.id, extra: true },
      // lengths count code points (§3): 201 astral characters are too many
      { tableId: table.id, token: '\u{1F0A1}'.repeat(201) },
      { tableId: table.id, hostKey: '\u{1F0A1}'.repeat(201) },
      { tableId: table.id, token: 'e\u0301'.repeat(101) },
      {},
    ];
    for (const c of cases) expect((await refusedWith({ protocolVersion: PROTOCOL, ...c })).code, JSON.stringify(c)).toBe('BAD_REQUEST');
  });

  it('lengths are code points: 200 astral characters (400 UTF-16 units) are a well-formed token and host key, refused as BAD_TOKEN', async () => {
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, token: '\u{1F0A1}'.repeat(200) })).code).toBe('BAD_TOKEN');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, hostKey: '\u{1F0A1}'.repeat(200) })).code).toBe('BAD_TOKEN');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, token: 'x'.repeat(200) })).code).toBe('BAD_TOKEN');
  });

  it('4 NO_SUCH_TABLE before 5 BAD_TOKEN; BAD_TOKEN for a forged token, another table\'s, an outdated one, a wrong host key', async () => {
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: UNKNOWN })).code).toBe('NO_SUCH_TABLE');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: UNKNOWN, token: 'forged' })).code).toBe('NO_SUCH_TABLE');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, token: 'forged' })).code).toBe('BAD_TOKEN');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: other.id, token })).code).toBe('BAD_TOKEN');
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, hostKey: other.hostKey })).code).toBe('BAD_TOKEN');
    // a wrong token with the right host key is still BAD_TOKEN (the token is checked first)
    expect((await refusedWith({ protocolVersion: PROTOCOL, tableId: table.id, token: 'forged', hostKey: table.hostKey })).code).toBe('BAD_TOKEN');
  });

  it('roles: a token makes the seat\'s player, a host key the host (with or without a seat)', async () => {
    const both = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id, token, hostKey: table.hostKey });
    expect(both.state!.you).toEqual({ role: 'player', seat: 1, isHost: true });
    const host = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id, hostKey: table.hostKey });
    expect(host.state!.you).toEqual({ role: 'spectator', seat: null, isHost: true });
    const watcher = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id });
    expect(watcher.state!.you).toEqual({ role: 'spectator', seat: null, isHost: false });
    expect(watcher.state!.view).toBeNull();
    for (const c of [both, host, watcher]) {
      expect(c.problems).toEqual([]);
      c.close();
    }
  });
});

describe('§3 refusals below the handshake', () => {
  it('an auth that is not an object: the connection is closed without connect_error; no auth is PROTOCOL_MISMATCH', async () => {
    for (const auth of ['str', [1]]) {
      const r = await DocClient.open(server.url, auth as never);
      expect(r, JSON.stringify(auth)).toEqual({ ok: false, message: 'disconnect: transport close', data: undefined });
    }
    expect((await DocClient.refused(server.url, null as never)).code).toBe('PROTOCOL_MISMATCH');
    expect((await DocClient.refused(server.url, {})).code).toBe('PROTOCOL_MISMATCH');
  });

  it('on the wire: a CONNECT whose payload is null, a string, a boolean or an array is closed; 40 (no payload) is PROTOCOL_MISMATCH', async () => {
    for (const packet of ['40null', '40"x"', '40true', '40[]']) {
      const r = await rawConnect(server.url, packet);
      expect(r, packet).toEqual({ packets: [], closed: true });
    }
    const none = await rawConnect(server.url, '40');
    expect(none.closed).toBe(false);
    expect(none.packets).toHaveLength(1);
    expect(JSON.parse(none.packets[0]!.slice(2))).toMatchObject({ data: { code: 'PROTOCOL_MISMATCH', serverVersion: PROTOCOL } });
    const good = await rawConnect(server.url, `40${JSON.stringify({ protocolVersion: PROTOCOL, tableId: table.id })}`);
    expect(good.packets[0]).toMatch(/^40\{"sid":/);
    expect(good.packets.some((p) => p.startsWith('42["snapshot"'))).toBe(true);
  });

  it('a foreign origin: 403 {"code":4,"message":"Forbidden"} on polling, 400 text/html "Forbidden" on the WebSocket upgrade; the client sees no data', async () => {
    const headers = { origin: 'http://evil.example' };
    const poll = await request(server.url, '/socket.io/?EIO=4&transport=polling', { headers });
    expect(poll.status).toBe(403);
    expect(poll.json).toEqual({ code: 4, message: 'Forbidden' });
    expect(await upgrade('/socket.io/?EIO=4&transport=websocket', 'http://evil.example')).toEqual({ status: 400, type: 'text/html', body: 'Forbidden' });
    const ws = await DocClient.open(server.url, { protocolVersion: PROTOCOL, tableId: table.id }, { headers });
    expect(ws).toMatchObject({ ok: false, message: 'websocket error', data: undefined });
    const xhr = await DocClient.open(server.url, { protocolVersion: PROTOCOL, tableId: table.id }, { headers, transports: ['polling'] });
    expect(xhr).toMatchObject({ ok: false, message: 'xhr poll error', data: undefined });
    // the server's own origin is accepted (its Origin host equals the Host header)
    const own = await request(server.url, '/socket.io/?EIO=4&transport=polling', { headers: { origin: server.url } });
    expect(own.status).toBe(200);
  });

  it('another namespace: "Invalid namespace"', async () => {
    const r = await DocClient.open(server.url, { protocolVersion: PROTOCOL, tableId: table.id }, { namespace: '/admin' });
    expect(r).toMatchObject({ ok: false, message: 'Invalid namespace' });
  });

  it('malformed Engine.IO requests: HTTP 400 with Engine.IO\'s own code and message', async () => {
    const cases: [string, string][] = [
      ['/socket.io/?EIO=4&transport=carrier-pigeon', 'Transport unknown'],
      ['/socket.io/?EIO=4&transport=polling&sid=nope', 'Session ID unknown'],
      ['/socket.io/?EIO=3&transport=polling', 'Unsupported protocol version'],
    ];
    for (const [path, message] of cases) {
      const r = await request(server.url, path);
      expect(r.status, path).toBe(400);
      expect(r.json).toMatchObject({ message });
      expect(typeof (r.json as { code: unknown }).code).toBe('number');
    }
    // a handshake that is not a GET
    const post = await request(server.url, '/socket.io/?EIO=4&transport=polling', { method: 'POST' });
    expect(post.status).toBe(400);
    expect(post.json).toMatchObject({ message: 'Bad handshake method' });
    // the same refusals of a WebSocket upgrade: 400, text/html, the bare message
    expect(await upgrade('/socket.io/?EIO=4&transport=websocket&sid=nope')).toEqual({ status: 400, type: 'text/html', body: 'Session ID unknown' });
    expect(await upgrade('/socket.io/?EIO=4&transport=carrier-pigeon')).toEqual({ status: 400, type: 'text/html', body: 'Transport unknown' });
  });

  it('a message over 16 KB closes the connection (transport close)', async () => {
    const c = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id });
    c.socket.emit('chat', { text: 'x'.repeat(17 * 1024) });
    await c.waitFor(() => c.disconnectReason !== null, 3000, 'the disconnection');
    expect(c.disconnectReason).toBe('transport close');
    // 16 KB minus a little passes (the schema refuses it; the connection stays)
    const d = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id });
    const ack = await d.send('chat', { text: 'y'.repeat(15 * 1024) });
    expect(ack).toMatchObject({ ok: false });
    expect(d.socket.connected).toBe(true);
    d.close();
  });

  it('over polling, a message over 16 KB: its POST answered 413 with no body, the client sees transport close', async () => {
    const c = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: table.id }, { transports: ['polling'] });
    c.socket.emit('chat', { text: 'x'.repeat(17 * 1024) });
    await c.waitFor(() => c.disconnectReason !== null, 3000, 'the disconnection');
    expect(c.disconnectReason).toBe('transport close');
    // the refused POST itself, on an Engine.IO session of its own
    const open = await request(server.url, '/socket.io/?EIO=4&transport=polling');
    const sid = (JSON.parse(open.text.slice(1)) as { sid: string }).sid;
    const post = await request(server.url, `/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: `4${'x'.repeat(17 * 1024)}` });
    expect({ status: post.status, body: post.text }).toEqual({ status: 413, body: '' });
  });
});

/** A raw WebSocket upgrade request: the HTTP answer's status, content type and body. */
async function upgrade(path: string, origin?: string): Promise<{ status: number; type: string; body: string }> {
  const host = new URL(server.url).host;
  const out = await raw(
    server.url,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${origin ? `Origin: ${origin}\r\n` : ''}Upgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  const [head = '', body = ''] = out.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), type: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '', body };
}
