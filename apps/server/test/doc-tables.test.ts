/**
 * PROTOCOL.md's tables and examples, read mechanically and checked against the single source of
 * truth of the wire (the zod schemas of @belote/protocol) and the server's configuration: every
 * field a table lists is a field of its schema and the other way round, every event, frame, error
 * code, reaction and environment variable listed exists (and none is missing), the documented
 * defaults are the server's, every example payload parses with its schema and every quoted
 * refusal message is the one the schema produces. README.md's commands and variables exist too.
 * The doc-client tests (doc-client*.test.ts) check the behaviour; this file checks the words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import {
  ActionSchemas,
  CLIENT_EVENTS,
  ChatEntrySchema,
  ChatStateSchema,
  CreateTableRequestSchema,
  ERROR_CODES,
  HandshakeSchema,
  PROTOCOL_VERSION,
  PresenceSchema,
  REACTIONS,
  ServerFrameSchemas,
  SnapshotSchema,
  StepEventSchema,
  StepSchema,
  TableSummarySchema,
  clientEventSchema,
  issuesText,
  type ClientEventName,
} from '@belote/protocol';
import { AuctionViewSchema, DealSummarySchema, DealViewSchema, GameViewSchema, SeatInfoSchema } from '@belote/protocol';
import type { Variant } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadConfig, type Config } from '../src/config.js';
import type { RunningServer } from '../src/server.js';
import * as tools from '../../../test-support/tools.js';
import type { ToolSpec } from '../../../test-support/tools.js';
import { docServer } from './doc-client/server.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const doc = read('docs/PROTOCOL.md');
const readme = read('README.md');
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The text of the section whose heading starts with `heading`, up to the next heading of any level. */
function section(heading: string): string {
  const start = doc.indexOf(`\n${heading}`);
  if (start < 0) throw new Error(`PROTOCOL.md has no heading ${heading}`);
  const rest = doc.slice(start + 1);
  const next = rest.slice(heading.length).search(/\n#{2,3} /);
  return next < 0 ? rest : rest.slice(0, heading.length + next);
}

/** The rows (cells, trimmed) of the markdown table of `text` whose header's first cell is `first`; `\|` stays inside a cell. */
function table(text: string, first: string, nth = 0): string[][] {
  const lines = text.split('\n');
  const heads = lines.flatMap((l, i) => (cells(l)[0] === first ? [i] : []));
  const at = heads[nth];
  if (at === undefined) throw new Error(`no table with a first column ${first} (#${nth})`);
  const rows: string[][] = [];
  for (let i = at + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
  return rows;
}

function cells(line: string): string[] {
  if (!line.startsWith('|')) return [];
  return line
    .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The backticked words of a cell: "`dealer`, `eldest`" → dealer, eldest. */
const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The names a table lists in its first column (`seats[i].x` rows are the seat's, not the summary's). */
const fieldsOf = (rows: string[][]): string[] => rows.flatMap((r) => ticked(r[0]!)).filter((f) => !f.includes('['));

const keysOf = (schema: z.ZodObject): string[] => Object.keys(schema.shape).sort();
const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

/** The type names of a discriminated union of strict objects. */
const typesOf = (schema: z.ZodDiscriminatedUnion): string[] => schema.options.map((o) => ((o as z.ZodObject).shape.type as z.ZodLiteral).value as string);
const optionOf = (schema: z.ZodDiscriminatedUnion, type: string): z.ZodObject => schema.options.find((o) => ((o as z.ZodObject).shape.type as z.ZodLiteral).value === type) as z.ZodObject;

/** A JavaScript object literal of the doc (unquoted keys, single quotes) as JSON. */
const jsLiteral = (s: string): unknown => JSON.parse(s.replace(/'/g, '"').replace(/([{,]\s*)([A-Za-z_]\w*)\s*:/g, '$1"$2":'));

/** The refusal message a payload gets (what the server sends: `issuesText` with the event's name). */
function refusal(name: ClientEventName, variant: Variant, payload: unknown): string {
  const r = clientEventSchema(name, variant).safeParse(payload);
  if (r.success) throw new Error(`${name} ${JSON.stringify(payload)} is well-formed`);
  return issuesText(r.error, name);
}

describe('PROTOCOL.md field tables are the schemas', () => {
  it.each([
    ['### 5.1', 'Field', 0, SnapshotSchema],
    ['### 5.2', 'Field', 0, TableSummarySchema],
    ['### 5.3', 'Field', 0, GameViewSchema],
    ['### 5.3', 'Field', 1, DealSummarySchema],
    ['### 5.3', 'Field', 2, DealViewSchema],
    ['### 5.3', 'Field', 3, AuctionViewSchema],
    ['### 5.4', 'Field', 0, StepSchema],
    ['### 5.5', 'Field', 0, PresenceSchema],
    ['### 15.1', 'Field', 0, ChatStateSchema],
    ['## 3.', '`auth` field', 0, HandshakeSchema],
  ] as const)('%s table "%s" #%d lists exactly the fields of its schema', (heading, first, nth, schema) => {
    expect(sorted(fieldsOf(table(section(heading), first, nth)))).toEqual(keysOf(schema as unknown as z.ZodObject));
  });

  it('§5.2 lists every field of a seat', () => {
    const seatFields = table(section('### 5.2'), 'Field').flatMap((r) => ticked(r[0]!)).filter((f) => f.startsWith('seats[i].')).map((f) => f.slice(9));
    expect(sorted(seatFields)).toEqual(keysOf(SeatInfoSchema));
  });

  it('§5.4 lists every table event and every game event, with their fields', () => {
    const text = section('### 5.4');
    const rows = [...table(text, '`type`', 0), ...table(text, '`type`', 1)];
    const listed = rows.map((r) => ticked(r[0]!)[0]!);
    expect(sorted(listed)).toEqual(sorted(typesOf(StepEventSchema)));
    for (const r of rows) {
      const type = ticked(r[0]!)[0]!;
      // the fields cell names each field first, then may say more in parentheses (`bid` (`pass`|`take`))
      const fields = ticked(r[1]!.replace(/\([^)]*\)/g, '')).flatMap((f) => /^[a-z]\w*(?=$|:)/.exec(f) ?? []);
      expect(sorted(fields), type).toEqual(keysOf(optionOf(StepEventSchema, type)).filter((k) => k !== 'type'));
    }
  });

  it('§15.1 lists every chat entry type with its fields', () => {
    const rows = table(section('### 15.1'), '`type`');
    expect(sorted(rows.map((r) => ticked(r[0]!)[0]!))).toEqual(sorted(typesOf(ChatEntrySchema)));
    for (const r of rows) {
      const type = ticked(r[0]!)[0]!;
      const fields = ['id', 'at', ...ticked(r[1]!).filter((f) => /^[a-z]\w*$/.test(f) && keysOf(optionOf(ChatEntrySchema, type)).includes(f))];
      expect(sorted(fields), type).toEqual(keysOf(optionOf(ChatEntrySchema, type)).filter((k) => k !== 'type'));
    }
  });
});

describe('PROTOCOL.md lists every event, frame, error code and reaction', () => {
  it('§4 and §15.2 tables list every client event, once', () => {
    const events = [...table(section('## 4.'), 'Event'), ...table(section('### 15.2'), 'Event')].map((r) => ticked(r[0]!)[0]!);
    expect(events.slice().sort()).toEqual(sorted(CLIENT_EVENTS));
    expect(events).toHaveLength(CLIENT_EVENTS.length);
  });

  it('§4 and §15.2 payloads name each event\'s fields, `?` exactly on the optional ones', () => {
    const rows = [...table(section('## 4.'), 'Event'), ...table(section('### 15.2'), 'Event')];
    for (const r of rows) {
      const name = ticked(r[0]!)[0] as ClientEventName;
      let inner = ticked(r[1]!)[0]!.trim().slice(1, -1); // `{ … }` without its braces
      while (/\{[^{}]*\}/.test(inner)) inner = inner.replace(/\{[^{}]*\}/g, ''); // nested objects' fields are not the payload's
      const listed = inner.split(',').map((f) => f.trim()).filter(Boolean).map((f) => /^(\w+)(\?)?/.exec(f)!);
      const shape = (clientEventSchema(name, 'classic') as z.ZodObject).shape;
      expect(sorted(listed.map((m) => m[1]!)), name).toEqual(sorted(Object.keys(shape)));
      for (const m of listed) expect(m[2] === '?', `${name}.${m[1]} optional`).toBe(shape[m[1]!]!.safeParse(undefined).success);
    }
    // settings: the fields of its rules and options too
    const settings = ticked(rows.find((r) => r[0] === '`settings`')![1]!)[0]!;
    const shape = (clientEventSchema('settings', 'classic') as z.ZodObject).shape as Record<string, z.ZodOptional<z.ZodObject>>;
    for (const part of ['rules', 'options'] as const) {
      const fields = new RegExp(`${part}\\?: \\{([^}]*)\\}`).exec(settings)![1]!.split(',').map((f) => f.trim().replace(/\?$/, ''));
      expect(sorted(fields), `settings.${part}`).toEqual(keysOf(shape[part]!.unwrap()));
    }
  });

  it('the introduction names every client event and every frame', () => {
    const intro = doc.slice(0, doc.indexOf('## 1.'));
    for (const e of CLIENT_EVENTS) expect(intro, e).toContain(`\`${e}\``);
    for (const f of Object.keys(ServerFrameSchemas)) expect(intro, f).toContain(`\`${f}\``);
  });

  it('names the protocol version the server speaks', () => {
    const v = PROTOCOL_VERSION;
    expect(doc).toContain(`# The table protocol (version ${v})`);
    expect(doc).toContain(`\`PROTOCOL_VERSION\` is **${v}**`);
    expect(table(section('## 3.'), '`auth` field').find((r) => r[0] === '`protocolVersion`')![2]).toBe(`must be \`${v}\``);
    expect(section('## 3.')).toContain(`anything but the number \`${v}\``);
  });

  it('§12 lists exactly the error codes', () => {
    const codes = table(section('## 12.'), 'Code').flatMap((r) => ticked(r[0]!));
    expect(sorted(codes)).toEqual(sorted(ERROR_CODES));
  });

  it('§15.3 lists exactly the reactions, in their order', () => {
    expect(table(section('### 15.3'), 'id').map((r) => ticked(r[0]!)[0])).toEqual([...REACTIONS]);
  });
});

describe('PROTOCOL.md §14 names files that exist', () => {
  it('every file and folder it names is in packages/protocol/src, packages/rules/src or apps/server/src', () => {
    const roots = ['packages/protocol/src', 'packages/rules/src', 'apps/server/src'];
    const files = roots.flatMap((root) => readdirSync(new URL(`../../../${root}`, import.meta.url), { recursive: true, encoding: 'utf8' }).map((f) => `${root}/${f}`));
    const named = ticked(section('## 14.')).filter((t) => /^[\w./-]+(\.ts|\/)$/.test(t));
    expect(named.length).toBeGreaterThan(30);
    for (const n of named) expect(files.some((f) => f === n.replace(/\/$/, '') || f.endsWith(`/${n.replace(/\/$/, '')}`)), n).toBe(true);
  });
});

describe('PROTOCOL.md examples parse with their schemas', () => {
  it('§2 CreateTableRequest example', () => {
    const block = /```jsonc\n([\s\S]*?)```/.exec(section('## 2.'))![1]!;
    const body: unknown = JSON.parse(block.replace(/\/\/.*$/gm, ''));
    expect(CreateTableRequestSchema.safeParse(body).success).toBe(true);
  });

  it('§4 moves: each variant takes its own and both, and refuses the other', () => {
    const block = /```ts\n(\/\/ both variants[\s\S]*?)```/.exec(section('## 4.'))![1]!;
    let group: 'both' | Variant = 'both';
    let n = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith('// both')) group = 'both';
      else if (line.startsWith('// classic')) group = 'classic';
      else if (line.startsWith('// coinche')) group = 'coinche';
      const literal = /^(\{.*?\})\s*(\/\/|$)/.exec(line)?.[1];
      if (!literal) continue;
      const move = jsLiteral(literal);
      for (const v of ['classic', 'coinche'] as const) expect(ActionSchemas[v].safeParse(move).success, `${line} at a ${v} table`).toBe(group === 'both' || group === v);
      n++;
    }
    expect(n).toBe(7);
  });

  /** The lines of a typechecked file under its marker line. */
  const example = (file: string, marker: string) => {
    const text = read(`apps/server/test/doc-examples/${file}`);
    return text.slice(text.indexOf('\n', text.indexOf(`// ---- PROTOCOL.md ${marker} ----`)) + 1);
  };

  it('§1 session is the typechecked example, line for line', () => {
    const block = /```ts\n([\s\S]*?)```/.exec(section('## 1.'))![1]!;
    expect(block).toBe(example('session.ts', '§1'));
    expect(block.trimEnd().split('\n')).toHaveLength(20);
  });

  it('§15.4 chat example is the typechecked one, line for line', () => {
    expect(/```ts\n([\s\S]*?)```/.exec(section('### 15.4'))![1]!).toBe(example('chat.ts', '§15.4'));
  });

  it('§4 names: the documented characters and lengths', () => {
    expect(section('## 4.')).toContain('numbers (Unicode categories `L`, `M`, `N`: `Zoé`, `Jürgen`, `李`), spaces and `. \' _ -`');
    const name = (n: string) => clientEventSchema('sit', 'classic').safeParse({ seat: 0, name: n });
    for (const ok of ['Zoé', 'Jürgen', '李', 'Zoe\u0301', "O'Neil-Jr. _x", '𝒜'.repeat(24), 'Ⅻ ½']) expect(name(ok).success, ok).toBe(true);
    expect(name('  Al  ').data).toEqual({ seat: 0, name: 'Al' });
    for (const bad of ['', '   ', 'a!', 'a\tb', '🂡', 'x'.repeat(25), '𝒜'.repeat(25), '<b>', '...', '-_-', '\u0301']) expect(name(bad).success, bad).toBe(false);
    // cleaned first: NFC, any run of spaces (no-break ones too) one plain space
    expect(section('## 4.')).toContain('(`\' Jean\\u00A0\\u00A0Paul\'` sits as `Jean Paul`)');
    expect(name(' Jean\u00a0\u00a0Paul').data).toEqual({ seat: 0, name: 'Jean Paul' });
    expect(name('Zoe\u0301').data).toEqual({ seat: 0, name: 'Zo\u00e9' });
  });

  it('§1 session: the sit payload is well-formed', () => {
    const payload = /emitWithAck\('sit', (\{[^}]*\})\)/.exec(section('## 1.'))![1]!;
    expect(clientEventSchema('sit', 'classic').safeParse(jsLiteral(payload)).success).toBe(true);
  });

  it('quoted refusal messages are the ones the schemas give', () => {
    const all = doc;
    const expected: [string, string][] = [
      ['sit.seat: not a seat (0-3): "x"', refusal('sit', 'classic', { seat: 'x', name: 'A' })],
      ['action.action.type: a coinche table takes pass, bid, coinche, surcoinche, play, got\n   "take"', refusal('action', 'coinche', { version: 0, action: { type: 'take' } })],
      ['action.action.type: a classic table takes pass, take, play, got "bid"', refusal('action', 'classic', { version: 0, action: { type: 'bid', value: 80, suit: 'H' } })],
      ['action.action.value: must be one of 80, 90, 100, 110, 120, 130,\n   140, 150, 160, "capot", got 85', refusal('action', 'coinche', { version: 0, action: { type: 'bid', value: 85, suit: 'H' } })],
      ['settings.rules.target: must be one of 2000, 501, 1000, 1001, 3000\n  in coinche, got 301', refusal('settings', 'coinche', { rules: { target: 301 } })],
      ['settings.rules: unknown field "variant"', refusal('settings', 'classic', { rules: { variant: 'coinche' } })],
      ['chatMute.target.spectator: not a spectator tag', refusal('chatMute', 'classic', { target: { spectator: 'x' }, muted: true })],
    ];
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    for (const [quoted, actual] of expected) {
      expect(flat(all), 'PROTOCOL.md quotes it').toContain(flat(quoted));
      expect(flat(actual)).toBe(flat(quoted));
    }
  });

  it('§2 step 5: the quoted creation refusals', () => {
    const text = section('## 2.').replace(/\s+/g, ' ');
    for (const body of [{ rules: { target: 200 } }, { rules: { variant: 'coinche', target: 301 } }, { rules: { variant: 'x' } }]) {
      const r = CreateTableRequestSchema.safeParse(body);
      expect(r.success).toBe(false);
      expect(text).toContain(`\`${issuesText(r.error!)}\``);
    }
  });
});

describe('PROTOCOL.md §2 and §13: the documented defaults are the server\'s', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await docServer();
  });
  afterAll(() => server.close());

  it('a table created with {} has the defaults of the CreateTableRequest example', async () => {
    const block = /```jsonc\n([\s\S]*?)```/.exec(section('## 2.'))![1]!;
    const defaults = JSON.parse(block.replace(/\/\/.*$/gm, '')) as { rules: Record<string, unknown>; options: Record<string, unknown> };
    const { id } = (await (await fetch(`${server.url}/api/tables`, { method: 'POST' })).json()) as { id: string };
    const summary = TableSummarySchema.parse(await (await fetch(`${server.url}/api/tables/${id}`)).json());
    const { variant, hints, ...shownRules } = defaults.rules as { variant: string; hints?: boolean };
    expect(variant).toBe('classic'); // a classic table's rules carry no `variant` (§5.2)
    expect(summary.rules).toEqual(shownRules);
    const { hints: hintsOff, ...shownOptions } = defaults.options as { hints: boolean };
    expect(hintsOff).toBe(false); // absent when off (§16)
    expect(summary.options).toEqual(shownOptions);
    void hints;
  });

  it('§3: one process pings at the documented interval', async () => {
    const [, interval, timeout] = /one process pings every 10 s \(`pingInterval` (\d+) ms, `pingTimeout` (\d+) ms\)/.exec(section('## 3.').replace(/\s+/g, ' '))!;
    const open = await (await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`)).text(); // Engine.IO's open packet: 0{…}
    expect(JSON.parse(open.slice(1))).toMatchObject({ pingInterval: Number(interval), pingTimeout: Number(timeout) });
  });
});

describe('PROTOCOL.md §2: the record\'s refusals in their order, and what the creation limit counts', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await docServer({ CREATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const r = await fetch(`${server.url}${path}`);
    return { status: r.status, code: ((await r.json()) as { error?: { code: string } }).error?.code };
  };
  const create = (body: string) => fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('record: a malformed id, then a bad game, then no such table, then no such game', async () => {
    const { id } = (await (await create('{}')).json()) as { id: string };
    const unknown = 'A'.repeat(22);
    expect(await get('/api/tables/nope/record?game=x')).toEqual({ status: 404, code: 'NO_SUCH_TABLE' });
    expect(await get(`/api/tables/${unknown}/record?game=x`)).toEqual({ status: 400, code: 'BAD_REQUEST' });
    expect(await get(`/api/tables/${unknown}/record?game=0`)).toEqual({ status: 404, code: 'NO_SUCH_TABLE' });
    for (const bad of ['1000000', '-1', '1.0', '', '0&game=0']) expect(await get(`/api/tables/${id}/record?game=${bad}`), bad).toEqual({ status: 400, code: 'BAD_REQUEST' });
    expect(await get(`/api/tables/${id}/record?game=999999`)).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await get(`/api/tables/${id}/record?game=000`)).status).toBe(200);
  });

  it('a refused creation counts against CREATE_LIMIT_PER_MINUTE', async () => {
    // the test above created one table: one refused request and one more reach the limit of 3
    expect((await create('{"rules":{"target":200}}')).status).toBe(400);
    expect((await create('{}')).status).toBe(201);
    expect((await create('{}')).status).toBe(429);
  });

  it('step 3: an unsupported encoding or charset before a body too large, before bad JSON', async () => {
    const big = Buffer.alloc(9000, 'x');
    const send = (headers: Record<string, string>, body: Buffer) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const u = new URL(server.url);
        const r = request({ host: u.hostname, port: u.port, path: '/api/tables', method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
          let d = '';
          res.on('data', (c: Buffer) => (d += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(d) }));
        });
        r.on('error', reject);
        r.end(body);
      });
    const unsupported = { status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'unsupported content encoding or charset' } } };
    expect(await send({ 'content-type': 'application/json; charset=latin1' }, big)).toEqual(unsupported);
    expect(await send({ 'content-type': 'application/json', 'content-encoding': 'zstd' }, big)).toEqual(unsupported);
    expect(await send({ 'content-type': 'application/json' }, big)).toEqual({ status: 413, body: { error: { code: 'BAD_REQUEST', message: 'request body too large (at most 8 KB)' } } });
    expect(await send({ 'content-type': 'application/json' }, Buffer.from('{'))).toEqual({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'body is not valid JSON' } } });
    const step3 = section('## 2.').replace(/\s+/g, ' ');
    expect(step3.indexOf('**415** `UNSUPPORTED_MEDIA_TYPE` `unsupported content encoding')).toBeLessThan(step3.indexOf('**413**'));
    expect(step3.indexOf('**413**')).toBeLessThan(step3.indexOf('`body is not valid JSON`'));
  });
});

describe('PROTOCOL.md §13 is the server configuration', () => {
  const rows = table(section('## 13.'), 'Variable');
  const documented = rows.map((r) => ticked(r[0]!)[0]!);
  const camel = (env: string) => env.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const defaults = loadConfig({});

  it('lists every variable the server reads, and no other', () => {
    const read = Object.keys(defaults).sort();
    expect(documented.map(camel).sort()).toEqual(read);
  });

  it('the URL variables take the documented forms, and an empty value is unset', () => {
    const text = section('## 13.');
    expect(text).toContain('A variable set to the empty string counts as unset');
    expect(loadConfig({ PORT: '', PUBLIC_URL: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, publicUrl: null, databaseUrl: null });
    expect(text).toMatch(/`PUBLIC_URL`[^\n]*\[an `http:\/\/` or `https:\/\/` URL with no path, query or credentials: an origin\]/);
    for (const ok of ['http://a.example', 'https://a.example:8443', 'https://a.example/']) expect(() => loadConfig({ PUBLIC_URL: ok })).not.toThrow();
    // share links are PUBLIC_URL/t/<id>, and the app is served at the root of its host: a path or a query would break them
    expect(loadConfig({ PUBLIC_URL: 'https://a.example/?' }).publicUrl).toBe('https://a.example');
    for (const bad of ['ftp://a.example', 'https://a.example/belote', 'https://a.example?x=1', 'https://a.example/#x', 'https://u:p@a.example']) expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow('PUBLIC_URL');
    expect(text).toMatch(/`DATABASE_URL`[^\n]*\[a `postgres:\/\/` or `postgresql:\/\/` URL\]/);
    for (const ok of ['postgres://u@h/db', 'postgresql://u@h/db']) expect(() => loadConfig({ DATABASE_URL: ok })).not.toThrow();
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/db' })).toThrow('DATABASE_URL');
    expect(text).toMatch(/`ALLOWED_ORIGINS`[^\n]*\[each an `http:\/\/` or `https:\/\/` URL; its origin is allowed\]/);
    expect(loadConfig({ ALLOWED_ORIGINS: 'http://localhost:5173/x, https://b.example' }).allowedOrigins).toEqual(['http://localhost:5173', 'https://b.example']);
    expect(text).toMatch(/`ALLOWED_ORIGINS`[^\n]*empty entries \(`a,,b`, a trailing comma\) skipped/);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example,,https://b.example,' }).allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    for (const bad of ['nope', 'file:///tmp/x']) expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow('ALLOWED_ORIGINS');
  });

  it('each plain default is what the server uses when the variable is unset', () => {
    let checked = 0;
    for (const [name, def] of rows.map((r) => [ticked(r[0]!)[0]!, r[1]!] as const)) {
      const value = defaults[camel(name) as keyof Config];
      const literal = /^`([^`]*)`$/.exec(def)?.[1];
      if (def === '–') expect(value === null || (Array.isArray(value) && value.length === 0), name).toBe(true);
      else if (literal === undefined || literal.includes('(') || name === 'WEB_DIST') continue; // a formula (BOT_WORKERS) or a path resolved at start
      else expect(String(value), name).toBe(literal);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('README.md', () => {
  it('every `pnpm X` command it names is a script of the workspace', () => {
    const named = [...readme.matchAll(/`pnpm (?:--silent )?([a-z][\w:-]*)/g)].map((m) => m[1]!);
    const pnpmOwn = new Set(['install', 'add', 'exec']);
    expect(named.length).toBeGreaterThan(10);
    for (const s of named) expect(Object.hasOwn(rootScripts, s) || pnpmOwn.has(s), s).toBe(true);
    for (const s of ['start', 'test', 'build', 'typecheck', 'lint', 'verify']) expect(rootScripts, s).toHaveProperty(s);
  });

  it('`pnpm start` serves from the clone\'s root, so its DATA_DIR ./data is the clone\'s `./data`', () => {
    expect(rootScripts.start).toMatch(/^pnpm build && node [^&;]*apps\/server\/dist\/main\.js$/);
    expect(readme).toContain('`pnpm start` in a clone (builds, then serves with its data in `./data`');
  });

  it('names every program a test needs that npm does not install, and .ci/run installs it', () => {
    const sources = ['apps/server/test', 'e2e'].flatMap((dir) =>
      readdirSync(new URL(`../../../${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.includes('node_modules'))
        .map((f) => read(`${dir}/${f}`)),
    );
    const used = new Set(sources.flatMap((src) => [...src.matchAll(/requireTool\((\w+)\)/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThanOrEqual(3);
    const ci = read('.ci/run');
    const count = ['Two', 'Three', 'Four', 'Five'][used.size - 2];
    expect(readme).toContain(`${count} kinds of tests need a program that npm does not install`);
    for (const name of used) {
      const spec = tools[name as keyof typeof tools] as ToolSpec;
      expect(readme, spec.name).toMatch(new RegExp(`\\*\\*${spec.name}\\b`, 'i'));
      expect(readme.slice(readme.indexOf('`.ci/run` is what CI runs')).split('\n\n')[0], spec.name).toContain(spec.name);
      expect(ci.toLowerCase(), spec.name).toContain(spec.name.toLowerCase());
    }
  });

  it('every server variable it names is one of §13', () => {
    const documented = new Set(table(section('## 13.'), 'Variable').map((r) => ticked(r[0]!)[0]!));
    // not the server's: the test setup's, the compose file's, the benchmarks' and Node's
    const others = new Set(['TEST_DATABASE_URL', 'CHROMIUM_PATH', 'CI', 'BELOTE_PORT', 'NODE_ENV', 'BENCH_PHASES', 'PATH']);
    const named = new Set([...readme.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)(?:=[^`]*)?`/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(8);
    for (const v of named) expect(documented.has(v) || others.has(v), v).toBe(true);
  });
});
