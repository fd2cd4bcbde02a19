import { describe, expect, it } from 'vitest';
import { allowedOriginsOf, loadConfig } from './config.js';
import { originPolicy } from './origin-policy.js';

describe('config', () => {
  it('has safe defaults with no environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', publicUrl: null, dataDir: './data', logLevel: 'info', botDelayMs: 700, dealPauseMs: 20000, graceMs: 60000 });
    expect(c).toMatchObject({ rateLimitEvents: 20, rateLimitAddressEvents: 100, maxSocketsPerTable: 64, maxSocketsPerAddress: 32 });
    expect(c.webDist).toMatch(/apps[\\/]web[\\/]dist$/);
    expect(c).toMatchObject({ finishedRetentionHours: 72, idleRetentionHours: 168, expirySweepMinutes: 60 });
  });

  it('reads retention times (fractions allowed) and refuses non-positive ones', () => {
    expect(loadConfig({ FINISHED_RETENTION_HOURS: '0.5', IDLE_RETENTION_HOURS: '24', EXPIRY_SWEEP_MINUTES: '5' })).toMatchObject({
      finishedRetentionHours: 0.5,
      idleRetentionHours: 24,
      expirySweepMinutes: 5,
    });
    expect(() => loadConfig({ FINISHED_RETENTION_HOURS: '0' })).toThrow(/FINISHED_RETENTION_HOURS/);
    expect(() => loadConfig({ IDLE_RETENTION_HOURS: '-1', EXPIRY_SWEEP_MINUTES: 'often' })).toThrow(/IDLE_RETENTION_HOURS[\s\S]*EXPIRY_SWEEP_MINUTES/);
  });

  it('reads and validates variables, listing every bad one', () => {
    const c = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://cards.example/', ALLOWED_ORIGINS: 'http://localhost:5173, http://x.test', GRACE_MS: '0' });
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://cards.example');
    expect(allowedOriginsOf(c, c.publicUrl!)).toEqual(['https://cards.example', 'http://localhost:5173', 'http://x.test']);
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'ftp://x' })).toThrow(/PORT[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL|PORT[\s\S]*LOG_LEVEL/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('PUBLIC_URL: a wrong one is named with what it must be, whatever it holds', () => {
    for (const url of ['belote.example.org', 'not a url', 'ftp://belote.example.org', 'https//x'])
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow('invalid configuration:\n  PUBLIC_URL: must be an http:// or https:// URL');
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example/belote' })).toThrow('invalid configuration:\n  PUBLIC_URL: must be an origin such as');
  });

  it('ALLOWED_ORIGINS: http(s) origins only (a file: or urn: URL has the opaque origin "null", which any sandboxed page sends)', () => {
    for (const o of ['file:///tmp/x', 'mailto:x', 'urn:isbn:0451450523', 'ftp://x.example'])
      expect(() => loadConfig({ ALLOWED_ORIGINS: `http://localhost:5173,${o}` }), o).toThrow(`invalid configuration:\n  ALLOWED_ORIGINS: not an http:// or https:// URL: ${o}`);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example/x, http://b.example:8080' }).allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
  });

  it('ALLOWED_ORIGINS: empty entries (a doubled or trailing comma) are skipped, as an empty variable is (PROTOCOL.md §13)', () => {
    const origins = (v: string) => loadConfig({ ALLOWED_ORIGINS: v }).allowedOrigins;
    expect(origins('https://a.example,,https://b.example')).toEqual(['https://a.example', 'https://b.example']);
    expect(origins('https://a.example,')).toEqual(['https://a.example']);
    expect(origins(', https://a.example , ,')).toEqual(['https://a.example']);
    expect(origins(' , ')).toEqual([]);
    expect(allowedOriginsOf(loadConfig({ ALLOWED_ORIGINS: ',' }), 'https://cards.example')).toEqual(['https://cards.example']);
    // an entry that is not empty is checked as ever
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://a.example,,nope' })).toThrow('invalid configuration:\n  ALLOWED_ORIGINS: not a URL: nope');
  });

  it('integers in decimal digits only; HOST an address or a host name', () => {
    for (const port of ['0x10', '1e3', '3.5', '+1', '-1', ' 3000', 'eighty'])
      expect(() => loadConfig({ PORT: port }), port).toThrow('invalid configuration:\n  PORT: must be a whole number in decimal digits');
    expect(() => loadConfig({ PORT: '65536' })).toThrow(/PORT: Too big/);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ GRACE_MS: '0042' }).graceMs).toBe(42);
    for (const host of ['999.1.1.1', 'a b', 'x/y', '-x.example', 'x..y'])
      expect(() => loadConfig({ HOST: host }), host).toThrow('invalid configuration:\n  HOST: must be an IP address or a host name');
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'belote.example.org', 'my-host.lan', 'belote_db']) expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('DATABASE_URL picks PostgreSQL: unset by default, a postgres URL, never echoed when wrong', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://belote:secret@db:5432/belote?sslmode=require' }).databaseUrl).toBe('postgres://belote:secret@db:5432/belote?sslmode=require');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/belote' }).databaseUrl).toBe('postgresql://db/belote');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/belote' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/belote' })).not.toThrow(/hunter2/);
  });

  it('DATABASE_POOL_SIZE and TRUST_PROXY: defaults, lists, refusals', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 4, trustProxy: ['loopback'] });
    expect(loadConfig({ DATABASE_POOL_SIZE: '12', TRUST_PROXY: 'loopback, uniquelocal,10.1.0.0/16' })).toMatchObject({ databasePoolSize: 12, trustProxy: ['loopback', 'uniquelocal', '10.1.0.0/16'] });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: invalid IP address: everyone/);
    // a value with no entry would trust nobody, unlike an empty variable (the default): refused
    for (const v of [',', ' , ', '  '])
      expect(() => loadConfig({ TRUST_PROXY: v }), JSON.stringify(v)).toThrow('invalid configuration:\n  TRUST_PROXY: names no proxy; unset it for the default (loopback)');
    expect(loadConfig({ TRUST_PROXY: '' })).toMatchObject({ trustProxy: ['loopback'] });
  });

  it('origin policy: listed origins, no origin, and same host only when PUBLIC_URL is unset', () => {
    const strict = originPolicy(['https://a.example'], false);
    expect(strict(undefined, 'a.example')).toBe(true);
    expect(strict('https://a.example', 'a.example')).toBe(true);
    expect(strict('http://192.168.1.2:3000', '192.168.1.2:3000')).toBe(false);
    const lan = originPolicy(['http://localhost:3000'], true);
    expect(lan('http://192.168.1.2:3000', '192.168.1.2:3000')).toBe(true);
    expect(lan('https://evil.example', '192.168.1.2:3000')).toBe(false);
  });
});
