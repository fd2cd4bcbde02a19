/**
 * Server configuration from environment variables, validated with zod at start so that a
 * typo fails loudly instead of running with a surprising value. Every variable has a safe
 * default: `node apps/server/dist/main.js` works with no configuration.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SearchBudget } from '@belote/bots';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An integer in decimal digits only: `0x10`, `1e3`, `3.5` and `+1` are refused, not read as numbers. */
const int = (def: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(def);

/** A listening address: an IPv4 or IPv6 address, or a host name (`_` allowed: Compose service names; not a dotted number that is no address, like 999.1.1.1). */
const listenHost = z
  .string()
  .min(1)
  .refine((s) => isIP(s) !== 0 || (!/^[\d.]+$/.test(s) && /^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?$/.test(s)), 'must be an IP address or a host name');

/** A positive number of hours or minutes (fractions allowed, so tests can use seconds), in decimal digits like
 * the integers: Number() would read `0x10` as 16 and `1e3` as 1000. */
const duration = (def: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number in decimal digits, e.g. 72 or 0.5')
    .transform(Number)
    .pipe(z.number().positive().max(1_000_000))
    .default(def);

const origin = (s: string): string => new URL(s).origin;

/** Where the built web app lives by default: apps/web/dist, relative to this package (src/ or dist/). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Bot worker threads by default: one core left to the event loop, at most 4. */
const DEFAULT_BOT_WORKERS = Math.min(4, Math.max(1, availableParallelism() - 1));

/** `strong` bot search effort (JSON, e.g. `{"samples":3,"nodes":300000,"bidSamples":3}`); tests and small hosts. */
const StrongBudgetSchema = z
  .object({
    samples: z.number().int().min(1).max(1000),
    nodes: z.number().int().min(1000).max(1_000_000_000),
    bidSamples: z.number().int().min(1).max(1000),
    timeMs: z.number().int().min(1).max(60_000),
  })
  .partial()
  .strict();

const jsonOf = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const EnvSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: listenHost.default('0.0.0.0'),
  // An origin: share links are PUBLIC_URL/t/<id> and the app is served at its host's root, so a path or query would break them.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((s) => {
      // zod runs this check on a string that is not a URL too: that one is z.url()'s to name, not a throw
      const u = URL.parse(s);
      return !u || (/^\/*$/.test(u.pathname) && !u.search && !u.hash && !u.username && !u.password);
    }, 'must be an origin such as https://belote.example.org: no path, query or credentials (the game is served at the root of its host name)')
    .optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATABASE_POOL_SIZE: int(4, 1, 100),
  WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  BOT_DELAY_MS: int(700, 0, 60_000),
  DEAL_PAUSE_MS: int(20_000, 0, 600_000),
  BOT_WORKERS: int(DEFAULT_BOT_WORKERS, 0, 64),
  BOT_STRONG_BUDGET: jsonOf(StrongBudgetSchema).optional(),
  GRACE_MS: int(60_000, 0, 3_600_000),
  RATE_LIMIT_EVENTS: int(20, 1, 10_000),
  RATE_LIMIT_ADDRESS_EVENTS: int(100, 1, 1_000_000),
  MAX_SOCKETS_PER_TABLE: int(64, 1, 1_000_000),
  MAX_SOCKETS_PER_ADDRESS: int(32, 1, 1_000_000),
  CREATE_LIMIT_PER_MINUTE: int(60, 1, 100_000),
  /** Test hook: how many ms one "second" of the turn timer lasts. */
  TURN_SECOND_MS: int(1000, 1, 1000),
  HANDSHAKE_TIMEOUT_MS: int(10_000, 100, 60_000),
  FINISHED_RETENTION_HOURS: duration(72),
  IDLE_RETENTION_HOURS: duration(168),
  EXPIRY_SWEEP_MINUTES: duration(60),
});

export interface Config {
  port: number;
  host: string;
  /** The public origin users open, or null to derive it from the listening port (tests). */
  publicUrl: string | null;
  /** Further origins allowed to use the API and sockets (e.g. a Vite dev server). */
  allowedOrigins: string[];
  /** Proxies whose X-Forwarded-For/-Proto are believed: names (loopback, linklocal, uniquelocal), addresses or CIDR ranges. */
  trustProxy: string[];
  dataDir: string;
  /** PostgreSQL connection URL: the `pg` store instead of SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** Connections of the PostgreSQL store's pool (each process): all the connections a process opens, the cluster's statements included. */
  databasePoolSize: number;
  webDist: string;
  logLevel: (typeof LOG_LEVELS)[number];
  botDelayMs: number;
  /** After a scored deal, the longest wait for the players to continue (the summary's countdown). */
  dealPauseMs: number;
  /** Worker threads for `strong` bot searches; 0 = search on the main thread (blocks it). */
  botWorkers: number;
  /** Search effort of the `strong` bots; null = the bots package's defaults. */
  botStrongBudget: Partial<SearchBudget> | null;
  graceMs: number;
  /** Socket events per second per sender: a seat token, or the address for sockets without a seat. */
  rateLimitEvents: number;
  /** Socket events per second per address, all its sockets together. */
  rateLimitAddressEvents: number;
  /** Sockets per table without a seat token or the host key (spectators). */
  maxSocketsPerTable: number;
  /** Sockets per client address. */
  maxSocketsPerAddress: number;
  createLimitPerMinute: number;
  turnSecondMs: number;
  /** A socket handshake is answered within this long: its snapshot, or a refusal (INTERNAL when the table did not answer in time). */
  handshakeTimeoutMs: number;
  /** A finished game's table (and its record) is kept this long after the game ended. */
  finishedRetentionHours: number;
  /** An unfinished table nobody changed for this long is abandoned and removed. */
  idleRetentionHours: number;
  /** How often expired tables are swept (also once at start). */
  expirySweepMinutes: number;
}

/** Validate the environment; throws an Error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const r = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!r.success) {
    const lines = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = r.data;
  // empty entries (`a,,b`, a trailing comma: a list joined from variables, one of them empty) are skipped, as an empty variable counts as unset
  const extra = (e.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const o of extra) {
    if (!URL.canParse(o)) throw new Error(`invalid configuration:\n  ALLOWED_ORIGINS: not a URL: ${o}`);
    // another scheme's origin is "null", the Origin every sandboxed frame or data: page sends: allowing it would allow them all
    if (!/^https?:$/.test(new URL(o).protocol)) throw new Error(`invalid configuration:\n  ALLOWED_ORIGINS: not an http:// or https:// URL: ${o}`);
  }
  const trustProxy = e.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean);
  // `,` or `  ` would trust no proxy at all, unlike an empty variable (loopback): a mistake, not a choice
  if (trustProxy.length === 0) throw new Error(`invalid configuration:\n  TRUST_PROXY: names no proxy; unset it for the default (loopback)`);
  try {
    proxyaddr.compile(trustProxy);
  } catch (err) {
    throw new Error(`invalid configuration:\n  TRUST_PROXY: ${(err as Error).message}`, { cause: err });
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? origin(e.PUBLIC_URL) : null,
    allowedOrigins: extra.map(origin),
    trustProxy,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    botDelayMs: e.BOT_DELAY_MS,
    dealPauseMs: e.DEAL_PAUSE_MS,
    botWorkers: e.BOT_WORKERS,
    botStrongBudget: e.BOT_STRONG_BUDGET ?? null,
    graceMs: e.GRACE_MS,
    rateLimitEvents: e.RATE_LIMIT_EVENTS,
    rateLimitAddressEvents: e.RATE_LIMIT_ADDRESS_EVENTS,
    maxSocketsPerTable: e.MAX_SOCKETS_PER_TABLE,
    maxSocketsPerAddress: e.MAX_SOCKETS_PER_ADDRESS,
    createLimitPerMinute: e.CREATE_LIMIT_PER_MINUTE,
    turnSecondMs: e.TURN_SECOND_MS,
    handshakeTimeoutMs: e.HANDSHAKE_TIMEOUT_MS,
    finishedRetentionHours: e.FINISHED_RETENTION_HOURS,
    idleRetentionHours: e.IDLE_RETENTION_HOURS,
    expirySweepMinutes: e.EXPIRY_SWEEP_MINUTES,
  };
}

/** The defaults, overridden field by field (tests, e2e). */
export function configWith(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}

/** Origins allowed for browsers: the public URL's plus the extra ones. */
export function allowedOriginsOf(config: Config, publicUrl: string): string[] {
  return [...new Set([origin(publicUrl), ...config.allowedOrigins])];
}
