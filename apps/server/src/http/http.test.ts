/**
 * The HTTP API against a real server: creation with validation errors naming the field,
 * summaries, records, 404s, health, security headers, CORS and the web app fallback.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableResponseSchema, HttpErrorBodySchema, TableSummarySchema } from '@belote/protocol';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../../test/clients.js';
import type { RunningServer } from '../server.js';

let server: RunningServer;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'belote-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Belote</title><div id="app"></div>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await testServer({ webDist: web, publicUrl: 'https://belote.example' });
});
afterAll(async () => {
  await server.close();
  rmSync(web, { recursive: true, force: true });
});

describe('POST /api/tables', () => {
  it('creates a table with defaults and returns id, share url and host key', async () => {
    const r = await request(server.url).post('/api/tables').send({});
    expect(r.status).toBe(201);
    const body = CreateTableResponseSchema.parse(r.body);
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.url).toBe(`https://belote.example/t/${body.id}`);
    expect(body.hostKey.length).toBeGreaterThanOrEqual(32);
    const s = TableSummarySchema.parse((await request(server.url).get(`/api/tables/${body.id}`)).body);
    expect(s.rules).toEqual({ target: 1000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
    expect(s.options).toEqual({ turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' });
    expect(s.status).toBe('lobby');
    expect(s.seats.map((x) => x.name)).toEqual([null, null, null, null]);
    expect(JSON.stringify(s)).not.toContain(body.hostKey);
  });

  it('accepts an empty body and every setting', async () => {
    expect((await request(server.url).post('/api/tables')).status).toBe(201);
    const r = await request(server.url)
      .post('/api/tables')
      .send({ rules: { target: 501, announcements: true, tie: 'dedans', direction: 'clockwise' }, options: { turnTimerSeconds: 30, fillWithBots: true, botLevel: 'easy' } });
    expect(r.status).toBe(201);
    const s = (await request(server.url).get(`/api/tables/${r.body.id}`)).body;
    expect(s.rules).toEqual({ target: 501, announcements: true, tie: 'dedans', direction: 'clockwise' });
    expect(s.options).toEqual({ turnTimerSeconds: 30, fillWithBots: true, botLevel: 'easy' });
  });

  it('options.hints: shown in the summary (and every snapshot) only when the host allowed them', async () => {
    const on = await request(server.url).post('/api/tables').send({ options: { hints: true } });
    expect(TableSummarySchema.parse((await request(server.url).get(`/api/tables/${on.body.id}`)).body).options).toEqual({ turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal', hints: true });
    const off = await request(server.url).post('/api/tables').send({ options: { hints: false } });
    expect((await request(server.url).get(`/api/tables/${off.body.id}`)).body.options).not.toHaveProperty('hints');
    const bad = await request(server.url).post('/api/tables').send({ options: { hints: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^options\.hints: /);
  });

  it.each([
    [{ rules: { target: 200 } }, /^rules\.target: /],
    [{ rules: { tie: 'maybe' } }, /^rules\.tie: /],
    [{ rules: { announcements: 'yes' } }, /^rules\.announcements: /],
    [{ rules: { colour: 'red' } }, /^rules: .*colour/],
    [{ options: { turnTimerSeconds: 2 } }, /^options\.turnTimerSeconds: /],
    [{ options: { botLevel: 'godlike' } }, /^options\.botLevel: /],
    [{ extra: 1 }, /extra/],
    [[1, 2], /expected object/i],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const r = await request(server.url).post('/api/tables').send(body as object);
    expect(r.status).toBe(400);
    const e = HttpErrorBodySchema.parse(r.body);
    expect(e.error.code).toBe('BAD_REQUEST');
    expect(e.error.message).toMatch(message);
  });

  it.each([
    ['text/plain', '{"rules":{"target":200}}'],
    ['text/plain', '{"rules":{"target":301}}'],
    ['application/x-www-form-urlencoded', 'rules=1'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="rules"\r\n\r\n1\r\n--x--'],
    ['application/merge-patch+json', '{}'],
  ])('refuses a %s body with 415 and creates nothing', async (type, body) => {
    const before = server.registry.size;
    const r = await request(server.url).post('/api/tables').set('content-type', type).send(body);
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'the body must be JSON (Content-Type: application/json)' } });
    expect(server.registry.size).toBe(before);
  });

  it('refuses a body without a content type (415); no body at all is the defaults', async () => {
    const before = server.registry.size;
    const r = await fetch(`${server.url}/api/tables`, { method: 'POST', body: new Blob(['{"rules":{"target":200}}']) });
    expect(r.status).toBe(415);
    expect(server.registry.size).toBe(before);
    const empty = await fetch(`${server.url}/api/tables`, { method: 'POST' });
    expect(empty.status).toBe(201);
  });

  it('refuses invalid JSON (400) and oversized bodies (413)', async () => {
    const bad = await request(server.url).post('/api/tables').set('content-type', 'application/json').send('{"rules":');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
    const big = await request(server.url).post('/api/tables').send({ rules: { target: 301 }, pad: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'request body too large (at most 8 KB)' } });
    const long = await request(server.url).post('/api/tables').send({ rules: { target: 'y'.repeat(7000) }, ['z'.repeat(500)]: 1 });
    expect(long.status).toBe(400);
    expect(long.body.error.message.length).toBeLessThan(300);
    expect(long.body.error.message).toContain(`got "${'y'.repeat(24)}…"`);
  });

  it('refuses a foreign origin and allows the public one', async () => {
    const evil = await request(server.url).post('/api/tables').set('origin', 'https://evil.example').send({});
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ error: { code: 'ORIGIN_NOT_ALLOWED', message: 'origin not allowed' } });
    // a GET is answered, without CORS headers: a foreign page cannot read it
    const read = await request(server.url).get('/api/tables/AAAAAAAAAAAAAAAAAAAAAA').set('origin', 'https://evil.example');
    expect(read.status).toBe(404);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const good = await request(server.url).post('/api/tables').set('origin', 'https://belote.example').send({});
    expect(good.status).toBe(201);
    expect(good.headers['access-control-allow-origin']).toBe('https://belote.example');
  });
});

describe('share links without PUBLIC_URL', () => {
  it('start with the address the client used (a LAN host, a remapped port, https from a local proxy)', async () => {
    const own = await testServer({ publicUrl: null });
    try {
      const url = async (headers: Record<string, string>): Promise<string> => {
        const req = request(own.url).post('/api/tables');
        for (const [k, v] of Object.entries(headers)) req.set(k, v);
        const r = await req.send({});
        expect(r.status).toBe(201);
        const body = CreateTableResponseSchema.parse(r.body);
        return body.url.slice(0, -`/t/${body.id}`.length);
      };
      expect(await url({})).toBe(own.url);
      expect(await url({ host: '192.168.1.20:8080' })).toBe('http://192.168.1.20:8080');
      expect(await url({ host: 'belote.lan' })).toBe('http://belote.lan');
      expect(await url({ host: '[::1]:8080' })).toBe('http://[::1]:8080');
      // The scheme a proxy on this host forwarded.
      expect(await url({ host: 'belote.example', 'x-forwarded-proto': 'https' })).toBe('https://belote.example');
      // Several values (a proxy that appends to the client's header): the last, the one the proxy on this host set.
      expect(await url({ host: 'belote.example', 'x-forwarded-proto': 'http, https' })).toBe('https://belote.example');
      expect(await url({ host: 'belote.example', 'x-forwarded-proto': 'https,http' })).toBe('http://belote.example');
      expect(await url({ host: 'belote.example', 'x-forwarded-proto': 'https, ftp' })).toBe(own.publicUrl);
      // Two trusted proxies that append (TLS ends at the outer one, 127.0.0.5 in X-Forwarded-For, which
      // then speaks http to the one on this host): the outer one's value, not the inner hop's.
      expect(await url({ host: 'belote.example', 'x-forwarded-for': '203.0.113.9, 127.0.0.5', 'x-forwarded-proto': 'https, http' })).toBe('https://belote.example');
      // One trusted proxy (the client's address is not one): the client's own value before it is not taken.
      expect(await url({ host: 'belote.example', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http, https' })).toBe('https://belote.example');
      // A Host header that is no host falls back to the listening address.
      expect(await url({ host: 'evil.example/path?x' })).toBe(own.publicUrl);
      expect(await url({ host: 'a@b' })).toBe(own.publicUrl);
      expect(await url({ host: 'belote.lan:99999' })).toBe(own.publicUrl);
      // So does a scheme other than http(s) from the proxy (the origin would be "null", or ftp://…).
      for (const proto of ['gopher', 'ftp', 'javascript']) expect(await url({ host: 'belote.lan', 'x-forwarded-proto': proto }), proto).toBe(own.publicUrl);
      expect(await url({ host: 'belote.lan', 'x-forwarded-proto': 'HTTPS' })).toBe('https://belote.lan');
      expect(own.publicUrl).toBe(`http://localhost:${own.port}`);
    } finally {
      await own.close();
    }
  });

  it('believe X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY)', async () => {
    const own = await testServer({ publicUrl: null, trustProxy: ['192.0.2.1'] });
    try {
      for (const p of ['https', 'http, https']) {
        const r = await request(own.url).post('/api/tables').set('host', 'belote.lan').set('x-forwarded-proto', p).send({});
        expect(CreateTableResponseSchema.parse(r.body).url, p).toMatch(/^http:\/\/belote\.lan\/t\//);
      }
    } finally {
      await own.close();
    }
  });

  it("allow in the CSP the WebSocket of the Host the page came to, and only 'self' for a malformed Host", async () => {
    const own = await testServer({ publicUrl: null });
    try {
      const csp = async (host: string): Promise<string[]> =>
        String((await request(own.url).get('/healthz').set('host', host)).headers['content-security-policy']).split(';').map((d) => d.trim());
      const connect = async (host: string) => (await csp(host)).find((d) => d.startsWith('connect-src '));
      expect(await connect('192.168.1.20:8080')).toBe("connect-src 'self' ws://192.168.1.20:8080");
      const proto = async (p: string) =>
        String((await request(own.url).get('/healthz').set('host', 'belote.lan').set('x-forwarded-proto', p)).headers['content-security-policy'])
          .split(';')
          .find((d) => d.startsWith('connect-src '));
      expect(await proto('https')).toBe("connect-src 'self' wss://belote.lan");
      expect(await proto('http, https')).toBe("connect-src 'self' wss://belote.lan");
      expect(await proto('https, http')).toBe("connect-src 'self' ws://belote.lan");
      for (const p of ['gopher', 'ftp']) expect(await proto(p), p).toBe("connect-src 'self'");
      for (const host of ['evil.example/path?x', 'a@b', 'belote.lan:99999', 'bad_host!', 'a b', "'self'"]) {
        expect(await connect(host), host).toBe("connect-src 'self'");
        // No directive names a source twice.
        for (const d of await csp(host)) expect(new Set(d.split(' ')).size, d).toBe(d.split(' ').length);
      }
    } finally {
      await own.close();
    }
  });

  it('ignore the Host header when PUBLIC_URL is set', async () => {
    const r = await request(server.url).post('/api/tables').set('host', '192.168.1.20:8080').send({});
    expect(r.body.url).toBe(`https://belote.example/t/${r.body.id}`);
  });
});

describe('GET /api/tables/:id', () => {
  it('404s unknown and malformed ids with NO_SUCH_TABLE', async () => {
    // '%', '%E0': not even a decodable escape (the router cannot decode the parameter)
    for (const id of ['A'.repeat(22), 'short', '..%2F..%2Fetc', '%', '%E0', 'A%FF']) {
      const r = await request(server.url).get(`/api/tables/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: { code: 'NO_SUCH_TABLE', message: 'no such table' } });
      expect((await request(server.url).get(`/api/tables/${id}/record`)).status).toBe(404);
    }
    // another method on such a path is no endpoint, as on a decodable one
    for (const path of ['/api/tables/%', `/api/tables/${'A'.repeat(22)}`]) {
      for (const r of [await request(server.url).post(path).send({}), await request(server.url).delete(path)]) {
        expect(r.status, path).toBe(404);
        expect(r.body).toEqual({ error: { code: 'NOT_FOUND', message: 'no such API endpoint' } });
      }
    }
  });

  it('serves an empty record before any game, and 400/404 for bad game indexes', async () => {
    const { id } = (await request(server.url).post('/api/tables').send({ rules: { target: 301 } })).body;
    const r = await request(server.url).get(`/api/tables/${id}/record`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ format: 'belote-record/1', deals: [], table: id, game: 0 });
    expect((await request(server.url).get(`/api/tables/${id}/record?game=x`)).status).toBe(400);
    expect((await request(server.url).get(`/api/tables/${id}/record?game=3`)).body.error.code).toBe('NOT_FOUND');
    expect((await request(server.url).get('/api/nothing')).status).toBe(404);
  });
});

describe('health, headers and the web app', () => {
  it('answers /healthz', async () => {
    const r = await request(server.url).get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
  });

  it('sends security headers with a self-only CSP and no x-powered-by', async () => {
    const r = await request(server.url).get('/healthz');
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' wss://belote.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests'); // PUBLIC_URL is https here (PROTOCOL.md §11)
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['strict-transport-security']).toBeDefined();
    expect(r.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the app at /, /t/:id and the replay routes, assets with long caching, 404 elsewhere', async () => {
    for (const path of ['/', '/t/AAAAAAAAAAAAAAAAAAAAAA', '/t/AAAAAAAAAAAAAAAAAAAAAA/replay', '/replay', '/practice', '/practice/replay?table=AAAAAAAAAAAAAAAAAAAAAA&game=0']) {
      const r = await request(server.url).get(path);
      expect(r.status).toBe(200);
      expect(r.text).toContain('<div id="app">');
    }
    const js = await request(server.url).get('/assets/app-1234.js');
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await request(server.url).get('/nope')).status).toBe(404);
    // A table link cut short or mistyped is not the app's page (the app would open its home page silently).
    for (const path of ['/t/doesNotExist123', '/t/AAAAAAAAAAAAAAAAAAAAAAA', '/t/AAAAAAAAAAAAAAAAAAAAA!/replay', '/t/%', '/t/%E0/replay']) {
      const r = await request(server.url).get(path).set('Accept', 'text/html');
      expect(r.status).toBe(404);
      expect(r.text).toContain('<title>Page not found · Belote</title>');
    }
  });

  it('a path nothing serves: JSON NOT_FOUND for API clients, a short page in their language for a browser', async () => {
    const json = await request(server.url).get('/nope/page');
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ error: { code: 'NOT_FOUND', message: 'not found' } });
    const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const page = await request(server.url).get('/nope/page').set('Accept', browserAccept).set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.8');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain('<title>Page introuvable · Belote</title>');
    expect(page.text).toContain('<a href="/">Retour à Belote</a>');
    const en = await request(server.url).get('/assets/missing.js').set('Accept', browserAccept);
    expect(en.text).toContain('<html lang="en">');
    // A POST, and anything under /api, stays JSON whatever it accepts.
    expect((await request(server.url).post('/nope').set('Accept', browserAccept).send({})).body.error.code).toBe('NOT_FOUND');
    expect((await request(server.url).get('/api/nope').set('Accept', browserAccept)).body.error.message).toBe('no such API endpoint');
  });

  it('says so when the web app is not built; http installs get no HSTS', async () => {
    const s = await testServer();
    try {
      const r = await request(s.url).get('/t/AAAAAAAAAAAAAAAAAAAAAA');
      expect(r.status).toBe(404);
      expect(r.text).toMatch(/not built/);
      expect(r.headers['strict-transport-security']).toBeUndefined();
      expect(r.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await s.close();
    }
  });
});
