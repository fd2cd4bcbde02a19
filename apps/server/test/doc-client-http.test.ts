/**
 * The protocol audit's HTTP API (PROTOCOL.md §2, §11): every route, every documented option of
 * `POST /api/tables` for both variants, every documented 4xx in the documented order, share
 * links, origins and the security headers, from a client that knows only the document.
 */
import { brotliCompressSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { createTable, httpError, parsed, postJson, raw, request, summary } from './doc-client/http.js';
import { docServer, FAST } from './doc-client/server.js';
import { HealthS, RecordS } from './doc-client/wire.js';

let server: RunningServer;
let base: string;
beforeAll(async () => {
  server = await docServer(FAST);
  base = server.url;
});
afterAll(async () => {
  await server.close();
});

const post = (body: string | Buffer | undefined, headers: Record<string, string> = {}) =>
  request(base, '/api/tables', { method: 'POST', headers, ...(body === undefined ? {} : { body }) });
const json = { 'content-type': 'application/json' };

describe('POST /api/tables', () => {
  it('creates with no body, {}, and every documented option of both variants; the summary shows them', async () => {
    const none = await post(undefined);
    expect(none.status).toBe(201);
    const empty = await createTable(base, {});
    const s = await summary(base, empty.id);
    expect(s.rules).toEqual({ target: 1000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
    expect(s.options).toEqual({ turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' });
    expect(s).toMatchObject({ id: empty.id, status: 'lobby', spectators: 0, games: 0, commitment: null });
    expect(s.seats.map((x) => x.name)).toEqual([null, null, null, null]);
    expect(empty.url).toBe(`${base}/t/${empty.id}`);
    expect(empty.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const full = await createTable(base, {
      rules: { variant: 'classic', target: 1001, announcements: true, tie: 'dedans', direction: 'clockwise' },
      options: { turnTimerSeconds: 300, fillWithBots: true, botLevel: 'strong' },
    });
    expect(await summary(base, full.id)).toMatchObject({
      rules: { target: 1001, announcements: true, tie: 'dedans', direction: 'clockwise' },
      options: { turnTimerSeconds: 300, fillWithBots: true, botLevel: 'strong' },
    });
    expect((await summary(base, full.id)).rules).not.toHaveProperty('variant');
    for (const target of [1000, 501, 301, 1001]) expect((await summary(base, (await createTable(base, { rules: { target } })).id)).rules.target).toBe(target);
    for (const botLevel of ['easy', 'normal', 'strong']) await createTable(base, { options: { botLevel, turnTimerSeconds: 5 } });
    // options.hints (§16): shown only when the host allowed them
    expect((await summary(base, (await createTable(base, { options: { hints: true } })).id)).options).toEqual({ turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal', hints: true });
    expect((await summary(base, (await createTable(base, { options: { hints: false } })).id)).options).not.toHaveProperty('hints');

    const coinche = await createTable(base, { rules: { variant: 'coinche' } });
    expect((await summary(base, coinche.id)).rules).toEqual({ variant: 'coinche', target: 2000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
    for (const target of [2000, 501, 1000, 1001, 3000])
      expect((await summary(base, (await createTable(base, { rules: { variant: 'coinche', target, announcements: true, tie: 'dedans' } })).id)).rules).toEqual({
        variant: 'coinche',
        target,
        announcements: true,
        tie: 'dedans',
        direction: 'counterclockwise',
      });
  });

  it('400 BAD_REQUEST naming the field, with the documented messages; at most three problems; short quotes', async () => {
    const bad = async (body: unknown) => httpError(await postJson(base, '/api/tables', body), 400, 'BAD_REQUEST');
    expect(await bad({ rules: { target: 200 } })).toBe('rules.target: must be one of 1000, 501, 301, 1001, 2000, 3000, got 200');
    expect(await bad({ rules: { variant: 'coinche', target: 301 } })).toBe('rules.target: must be one of 2000, 501, 1000, 1001, 3000 in coinche, got 301');
    expect(await bad({ rules: { target: 2000 } })).toMatch(/^rules\.target: must be one of 1000, 501, 301, 1001\b.*got 2000$/);
    expect(await bad({ rules: { variant: 'x' } })).toBe('rules.variant: must be one of classic, coinche, got "x"');
    expect(await bad({ options: { botLevel: 'hard' } })).toBe('options.botLevel: must be one of easy, normal, strong, got "hard"');
    for (const body of [
      { rules: { tie: 'x' } },
      { rules: { direction: 'up' } },
      { rules: { announcements: 'yes' } },
      { options: { turnTimerSeconds: 4 } },
      { options: { turnTimerSeconds: 301 } },
      { options: { turnTimerSeconds: 5.5 } },
      { options: { turnTimerSeconds: '30' } },
      { options: { fillWithBots: 1 } },
      { options: { botLevel: 'god' } },
      { options: { hints: 'yes' } },
      { foo: 1 },
      { rules: { foo: 1 } },
      { options: { foo: 1 } },
      [],
      'x',
      null,
    ])
      expect((await bad(body)).length, JSON.stringify(body)).toBeGreaterThan(0);
    expect(await bad({ rules: { tie: 'x' } })).toContain('rules.tie');
    expect(await bad({ options: { turnTimerSeconds: 4 } })).toContain('options.turnTimerSeconds');
    const many = await bad({ rules: { tie: 'x', direction: 'x', target: 1, announcements: 1 }, options: { botLevel: 'x' } });
    expect(['rules.tie', 'rules.direction', 'rules.target', 'rules.announcements', 'options.botLevel'].filter((f) => many.includes(f)).length).toBeLessThanOrEqual(3);
    expect(await bad({ rules: { variant: 'z'.repeat(200) } })).not.toContain('z'.repeat(25));
  });

  it('the order of refusals: origin 403, then type 415, then size 413, encoding 415, JSON 400', async () => {
    const evil = { origin: 'http://evil.example' };
    expect(httpError(await post('{}', { ...json, ...evil }), 403, 'ORIGIN_NOT_ALLOWED')).toBe('origin not allowed');
    httpError(await post('hello', { 'content-type': 'text/plain', ...evil }), 403, 'ORIGIN_NOT_ALLOWED');
    const type = 'the body must be JSON (Content-Type: application/json)';
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json', 'application/ld+json'])
      expect(httpError(await post('{}', { 'content-type': ct }), 415, 'UNSUPPORTED_MEDIA_TYPE'), ct).toBe(type);
    expect(httpError(await post('{}'), 415, 'UNSUPPORTED_MEDIA_TYPE')).toBe(type); // a body without Content-Type
    expect(httpError(await request(base, '/api/tables', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}', chunked: true }), 415, 'UNSUPPORTED_MEDIA_TYPE')).toBe(type);
    // a large body of the wrong type is 415 (step 2), of the right type 413 (step 3)
    const big = JSON.stringify({ rules: {}, pad: 'x'.repeat(9000) });
    httpError(await post(big, { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(httpError(await post(big, json), 413, 'BAD_REQUEST')).toBe('request body too large (at most 8 KB)');
    const enc = 'unsupported content encoding or charset';
    expect(httpError(await post('{}', { 'content-type': 'application/json; charset=iso-8859-1' }), 415, 'UNSUPPORTED_MEDIA_TYPE')).toBe(enc);
    expect(httpError(await post('{}', { ...json, 'content-encoding': 'compress' }), 415, 'UNSUPPORTED_MEDIA_TYPE')).toBe(enc);
    // exactly identity, gzip, deflate, br (§2): zstd, x-gzip and a list of codings are refused, however well-formed
    const body = '{"rules":{"target":501}}';
    for (const [coding, bytes] of [['zstd', zstdCompressSync(body)], ['x-gzip', gzipSync(body)], ['gzip, identity', gzipSync(body)]] as const)
      expect(httpError(await post(bytes, { ...json, 'content-encoding': coding }), 415, 'UNSUPPORTED_MEDIA_TYPE'), coding).toBe(enc);
    expect(httpError(await post('{"rules":', json), 400, 'BAD_REQUEST')).toBe('body is not valid JSON');
    // valid JSON that is not an object is the schema's to refuse (step 5), naming the payload
    for (const [text, got] of [['null', 'null'], ['5', 'number'], ['"x"', 'string'], ['true', 'boolean'], ['[]', 'array']] as const)
      expect(httpError(await post(text, json), 400, 'BAD_REQUEST'), text).toBe(`(payload): Invalid input: expected object, received ${got}`);
    // accepted: a charset, gzip, identity, chunked JSON, the server's own origin
    expect((await post('{}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(201);
    expect((await post(gzipSync('{"rules":{"target":501}}'), { ...json, 'content-encoding': 'gzip' })).status).toBe(201);
    expect((await post('{}', { ...json, 'content-encoding': 'identity' })).status).toBe(201);
    expect((await post(deflateSync(body), { ...json, 'content-encoding': 'Deflate' })).status).toBe(201);
    expect((await post(brotliCompressSync(body), { ...json, 'content-encoding': 'br' })).status).toBe(201);
    expect((await request(base, '/api/tables', { method: 'POST', headers: json, body: '{}', chunked: true })).status).toBe(201);
    expect((await post('{}', { ...json, origin: base })).status).toBe(201);
  });

  it('share links: the origin the request came to (Host, X-Forwarded-Proto from a proxy on loopback), localhost for a bad Host', async () => {
    expect(((await post('{}', { ...json, host: '192.168.1.20:8080' })).json as { url: string }).url).toMatch(/^http:\/\/192\.168\.1\.20:8080\/t\/[A-Za-z0-9_-]{22}$/);
    expect(((await post('{}', { ...json, host: 'belote.example.org', 'x-forwarded-proto': 'https' })).json as { url: string }).url).toMatch(
      /^https:\/\/belote\.example\.org\/t\//,
    );
    expect(((await post('{}', { ...json, host: 'bad_host!' })).json as { url: string }).url).toMatch(new RegExp(`^http://localhost:${server.port}/t/`));
    // §11: without PUBLIC_URL, a page the server itself served (Origin host = Host) may post, on any host name
    expect((await post('{}', { ...json, host: '192.168.1.20:8080', origin: 'http://192.168.1.20:8080' })).status).toBe(201);
    httpError(await post('{}', { ...json, host: '192.168.1.20:8080', origin: 'http://192.168.1.21:8080' }), 403, 'ORIGIN_NOT_ALLOWED');
  });
});

describe('GET routes', () => {
  it('summaries, records, healthz, unknown API paths and the web app paths', async () => {
    const { id } = await createTable(base);
    expect(httpError(await request(base, `/api/tables/${'A'.repeat(22)}`), 404, 'NO_SUCH_TABLE')).toBeTruthy();
    httpError(await request(base, '/api/tables/bad!id'), 404, 'NO_SUCH_TABLE');
    httpError(await request(base, `/api/tables/${'A'.repeat(22)}/record`), 404, 'NO_SUCH_TABLE');
    httpError(await request(base, `/api/tables/${id}/record?game=x`), 400, 'BAD_REQUEST');
    httpError(await request(base, `/api/tables/${id}/record?game=-1`), 400, 'BAD_REQUEST');
    httpError(await request(base, `/api/tables/${id}/record?game=1`), 404, 'NOT_FOUND');
    // no game yet: an empty record of game 0
    for (const path of [`/api/tables/${id}/record`, `/api/tables/${id}/record?game=0`])
      expect(parsed(RecordS, (await request(base, path)).json, path)).toMatchObject({ format: 'belote-record/1', table: id, game: 0, deals: [], players: [null, null, null, null] });
    const health = parsed(HealthS, (await request(base, '/healthz')).json, 'healthz');
    expect(health.tables).toBeGreaterThan(0);
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', `/api/tables/${id}`],
      ['PUT', '/api/tables'],
    ] as const)
      expect(httpError(await request(base, path, { method }), 404, 'NOT_FOUND'), `${method} ${path}`).toBe('no such API endpoint');
    for (const path of ['/', `/t/${id}`]) {
      const r = await request(base, path);
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type'], path).toMatch(/^text\/plain/);
    }
    for (const path of ['/elsewhere', '/assets/app.js', '/t/x/y']) expect(httpError(await request(base, path), 404, 'NOT_FOUND'), path).toBe('not found');
  });

  it('a browser\'s 404 page speaks the first of English, French or German its Accept-Language names', async () => {
    const lang = async (al: string) =>
      /<html lang="(\w+)">/.exec((await request(base, '/elsewhere', { headers: { accept: 'text/html', 'accept-language': al } })).text)?.[1];
    // A regional tag counts as its language, in its place: not behind a later bare tag.
    for (const [al, want] of [
      ['en-GB,de', 'en'],
      ['en-US,fr', 'en'],
      ['fr-CA,de', 'fr'],
      ['de-CH,fr', 'de'],
      ['en-US,en;q=0.9,fr;q=0.8', 'en'],
      ['it,pt-BR,fr-FR', 'fr'],
      ['de;q=0.1, fr;q=0.9', 'fr'],
      ['fr;q=0,de', 'de'],
      ['es, toString', 'en'],
      ['*', 'en'],
      ['', 'en'],
    ] as const)
      expect(await lang(al), al).toBe(want);
  });

  it('security headers, and CORS only for allowed origins', async () => {
    const { id } = await createTable(base);
    const r = await request(base, `/api/tables/${id}`, { headers: { origin: 'http://evil.example' } });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const own = await request(base, `/api/tables/${id}`, { headers: { origin: base } });
    expect(own.headers['access-control-allow-origin']).toBe(base);
  });

  it('the CSP allows the WebSocket of the origin the page came from (no PUBLIC_URL): its Host, wss behind an https proxy, none for a bad Host', async () => {
    const connect = async (headers: Record<string, string>) => {
      const csp = String((await request(base, '/healthz', { headers })).headers['content-security-policy']);
      return csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
    };
    expect(await connect({ host: '192.168.1.20:8080' })).toBe("connect-src 'self' ws://192.168.1.20:8080");
    expect(await connect({ host: 'belote.lan' })).toBe("connect-src 'self' ws://belote.lan");
    expect(await connect({ host: 'belote.example.org', 'x-forwarded-proto': 'https' })).toBe("connect-src 'self' wss://belote.example.org");
    expect(await connect({ host: 'bad_host!' })).toBe("connect-src 'self'");
  });

  it('malformed HTTP requests get the error body too: 400 BAD_REQUEST "bad request", 431 for headers over 16 KB', async () => {
    const body = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;
    for (const req of [
      'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GARBAGE\r\n\r\n',
    ]) {
      const text = await raw(base, req);
      expect(text, req).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toMatch(/\r\ncontent-type: application\/json/i);
      expect(body(text)).toEqual({ error: { code: 'BAD_REQUEST', message: 'bad request' } });
    }
    const big = await raw(base, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(body(big)).toEqual({ error: { code: 'BAD_REQUEST', message: 'request headers too large' } });
    // an aborted body (fewer bytes than its Content-Length, then the end): nothing to answer, the server goes on
    await raw(base, 'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"rul', 200);
    expect((await request(base, '/healthz')).status).toBe(200);
  });
});

describe('PUBLIC_URL and ALLOWED_ORIGINS', () => {
  it('links use PUBLIC_URL; only it and ALLOWED_ORIGINS are allowed, not the server\'s own address', async () => {
    const s = await docServer({ ...FAST, PUBLIC_URL: 'https://belote.example.org', ALLOWED_ORIGINS: 'http://dev.example:5173' });
    try {
      const made = await createTable(s.url, {});
      expect(made.url).toBe(`https://belote.example.org/t/${made.id}`);
      for (const origin of ['https://belote.example.org', 'http://dev.example:5173']) {
        const r = await postJson(s.url, '/api/tables', {}, { origin });
        expect(r.status, origin).toBe(201);
        expect(r.headers['access-control-allow-origin']).toBe(origin);
      }
      httpError(await postJson(s.url, '/api/tables', {}, { origin: s.url }), 403, 'ORIGIN_NOT_ALLOWED');
      const poll = await request(s.url, '/socket.io/?EIO=4&transport=polling', { headers: { origin: s.url } });
      expect(poll.status).toBe(403);
      // the CSP names PUBLIC_URL's WebSocket origin, whatever the Host (§11)
      const csp = String((await request(s.url, '/healthz', { headers: { host: '192.168.1.20:8080' } })).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' wss://belote.example.org;");
    } finally {
      await s.close();
    }
  });
});
