/**
 * Test support for restart and shutdown tests: the real server as a child process (the same
 * `main.ts` production runs, on a SQLite data directory or DATABASE_URL), and a game driver
 * that plays four seated clients one action at a time, remembering every acknowledged action.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GameAction, TableRecord } from '@belote/protocol';
import { seededRng, type Rng, type Seat } from '@belote/rules';
import type { TestClient, TestUpdate } from './clients.js';
import { letOtherUsersReach } from './other-users.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** One pino line of the server's stdout. */
export interface LogLine {
  level: number;
  msg: string;
  [k: string]: unknown;
}

export { freePort } from './ports.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Milliseconds from spawn to "listening". */
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Send a signal and wait for the process to end. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Another user to run the server as (root only): its uid and gid. */
export interface RunAs {
  uid: number;
  gid: number;
}

/** `node --conditions=source --import tsx apps/server/src/main.ts` with the test environment. */
function spawnMain(dataDir: string, port: number, env: Record<string, string>, as?: RunAs): ChildProcess {
  if (as) for (const p of [process.execPath, MAIN]) letOtherUsersReach(p);
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
      BOT_DELAY_MS: '0',
      DEAL_PAUSE_MS: '0',
      GRACE_MS: '600000',
      RATE_LIMIT_EVENTS: '10000',
      RATE_LIMIT_ADDRESS_EVENTS: '1000000',
      MAX_SOCKETS_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
}

/** Collect the pino lines of a child's stdout into `logs`, calling `onLine` for each. */
function readLogs(child: ChildProcess, logs: LogLine[], onLine: (l: LogLine) => void = () => {}): void {
  let buf = '';
  child.stdout!.on('data', (b: Buffer) => {
    buf += b.toString();
    const lines = buf.split('\n');
    buf = lines.pop()!;
    for (const l of lines) {
      if (!l.startsWith('{')) continue;
      const line = JSON.parse(l) as LogLine;
      logs.push(line);
      onLine(line);
    }
  });
}

/**
 * Start main.ts and wait until it listens. Port 0 (default): an ephemeral port, read from its
 * "listening" log line.
 */
export function spawnServer(dataDir: string, port = 0, env: Record<string, string> = {}, as?: RunAs): Promise<ServerProcess> {
  const t0 = performance.now();
  const child = spawnMain(dataDir, port, env, as);
  const logs: LogLine[] = [];
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s\n${stderr}`)), 30_000);
    void exited.then((e) => reject(new Error(`server exited (${e.code ?? e.signal}) before listening\n${stderr}\n${JSON.stringify(logs)}`)));
    readLogs(child, logs, (line) => {
      if (line.msg !== 'belote server listening') return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${String(line.port)}`,
        child,
        logs,
        startMs: Math.round(performance.now() - t0),
        exited,
        stop: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}

/** Start main.ts expecting it to refuse to start: its exit code and log lines (rejects if it listens). */
export function spawnRefusedServer(dataDir: string, env: Record<string, string> = {}, as?: RunAs): Promise<{ code: number | null; logs: LogLine[]; stderr: string }> {
  const child = spawnMain(dataDir, 0, env, as);
  const logs: LogLine[] = [];
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`server neither started nor exited in 30 s\n${stderr}`))), 30_000);
    readLogs(child, logs, (line) => {
      if (line.msg !== 'belote server listening') return;
      child.kill('SIGKILL');
      reject(new Error('the server started, but it should have refused'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, logs, stderr });
    });
  });
}

/** An action as it appears in a record, for comparing acknowledged actions with the record. */
export const actionKey = (a: { seat: number; type: string; card?: string; suit?: string }): string =>
  `${a.seat}:${a.type}:${a.card ?? a.suit ?? ''}`;

/** Every action of a record, in order. */
export const recordActions = (r: TableRecord): string[] => r.deals.flatMap((d) => d.actions.map(actionKey));

/** Is `sub` a subsequence of `seq`? */
export function isSubsequence(sub: readonly string[], seq: readonly string[]): boolean {
  let i = 0;
  for (const x of seq) if (i < sub.length && sub[i] === x) i++;
  return i === sub.length;
}

interface Turn {
  seat: Seat;
  update: TestUpdate;
}

/**
 * Plays a game with four seated clients, one action at a time. The clients can be replaced
 * (reconnection after a restart); the acknowledged actions and the commitments seen at deal
 * start survive across them.
 */
export class GameDriver {
  /** Every acknowledged action, in order, with the table version it produced. */
  readonly acked: { key: string; version: number }[] = [];
  /** Commitment hash published at each deal's start (by deal number), as the clients saw it. */
  readonly commitments = new Map<number, string>();
  private readonly rng: Rng;
  private minVersion = 0;

  constructor(
    public players: TestClient[],
    seed: string,
  ) {
    this.rng = seededRng(seed);
    this.watch();
  }

  /** Swap in reconnected clients (same seats). */
  replace(players: TestClient[]): void {
    this.players = players;
    this.watch();
  }

  get lastVersion(): number {
    return this.minVersion;
  }

  private watch(): void {
    const seen = (u: TestUpdate) => {
      const c = u.table.commitment;
      if (c && !this.commitments.has(c.deal)) this.commitments.set(c.deal, c.hash);
    };
    this.players[0]!.onUpdate(seen);
    this.players[0]!.frames.forEach(seen);
  }

  /** Whose turn it is (after the last acknowledged action), or null when the game is over. */
  async turn(): Promise<Turn | null> {
    const u = await this.players[0]!.next(
      (f) => f.view !== null && (f.view.winner !== null || (f.version >= this.minVersion && f.view.deal !== null && f.view.deal.phase !== 'over')),
    );
    if (u.view!.winner !== null) return null;
    const seat = u.view!.deal!.turn as Seat;
    const update = await this.players[seat]!.next((f) => f.version >= u.version);
    return { seat, update };
  }

  /** The action this seat plays from its own view. */
  choose(u: TestUpdate): GameAction {
    const d = u.view!.deal!;
    if (d.phase === 'bidding') {
      if (this.rng() >= 0.5) return { type: 'pass' };
      if (d.round === 1) return { type: 'take' };
      const suits = (['S', 'H', 'D', 'C'] as const).filter((s) => !d.retourne!.endsWith(s));
      return { type: 'take', suit: suits[Math.floor(this.rng() * suits.length)]! };
    }
    return { type: 'play', card: d.legal[Math.floor(this.rng() * d.legal.length)]! };
  }

  /** Send one action; resolves with the ack. Acknowledged actions are remembered. */
  send(t: Turn): Promise<{ ok: boolean; code?: string }> {
    const action = this.choose(t.update);
    const key = actionKey({ seat: t.seat, ...action });
    return this.players[t.seat]!.emit('action', { version: t.update.version, action }).then(
      (a) => {
        if (!a.ok) return { ok: false, code: a.error.code };
        const version = a.version as number;
        this.acked.push({ key, version });
        this.minVersion = version;
        return { ok: true };
      },
      () => ({ ok: false, code: 'NO_ACK' }),
    );
  }

  /** Play acknowledged actions until `stop` says so (checked before each action) or the game ends. */
  async playWhile(stop: (t: Turn) => boolean, max = 2000): Promise<Turn | null> {
    for (let i = 0; i < max; i++) {
      const t = await this.turn();
      if (!t || stop(t)) return t;
      const a = await this.send(t);
      if (!a.ok) throw new Error(`seat ${t.seat}: action refused: ${a.code}`);
    }
    throw new Error('game did not end');
  }

  close(): void {
    for (const p of this.players) p.close();
  }
}
