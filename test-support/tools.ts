/**
 * System programs some tests need (a browser, docker-compose, a reverse proxy), found the same
 * way everywhere: `requireTool` returns the program's path, or — when it is missing — prints one
 * line saying which tests are skipped and how to get the program, and returns null, so the
 * caller skips them (`it.skipIf(!path)`). Under CI (`CI` set, other than `false`/`0`) a missing
 * program is an error instead: CI installs every tool (.ci/run), so a skip there would hide a
 * broken setup. Call it at the top of a test file (or in a vitest config, once per run):
 *
 *   const caddy = requireTool(CADDY);
 *   it.skipIf(!caddy)("works behind Caddy", () => { … spawn(caddy!, …) … });
 *
 * A tool not listed below: `requireTool({ name, hint, needed?, env?, commands?, paths? })`. CI must
 * install it too (.ci/run).
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface ToolSpec {
  /** What the tests call it, in the line printed when it is missing. */
  name: string;
  /** How to get it, e.g. `apt-get install docker-compose`. */
  hint: string;
  /** An environment variable that names the program's path; when set, it must be right. */
  env?: string;
  /** Commands looked up on PATH, in order (default: `[name]`). */
  commands?: readonly string[];
  /** Absolute paths tried after PATH (e.g. a macOS application bundle). */
  paths?: readonly string[];
  /** Which tests skip without it (default: `tests that need <name>`). */
  needed?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The program's path, or null; a wrong `spec.env` path throws (it was asked for by name). */
export function findTool(spec: ToolSpec, env: Env = process.env): string | null {
  const named = spec.env ? env[spec.env] : undefined;
  if (named) {
    if (!isExecutable(named)) throw new Error(`${spec.env}=${named} is not an executable file`);
    return named;
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const cmd of spec.commands ?? [spec.name])
    for (const dir of dirs) {
      const file = path.join(dir, cmd);
      if (isExecutable(file)) return file;
    }
  return spec.paths?.find(isExecutable) ?? null;
}

/** Whether this run is CI's, where every tool must be there. */
export const onCi = (env: Env = process.env): boolean => !!env.CI && !['0', 'false'].includes(env.CI.toLowerCase());

const announced = new Set<string>();

/**
 * The program's path; when missing, null after one line on stderr (once per process and tool),
 * or an error under CI.
 */
export function requireTool(spec: ToolSpec, env: Env = process.env, say: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): string | null {
  const found = findTool(spec, env);
  if (found) return found;
  const where = spec.env ? `set ${spec.env}, or ` : '';
  const line = `${spec.name} not found: ${where}${spec.hint}`;
  if (onCi(env)) throw new Error(`${line} (CI=${env.CI}: the ${spec.needed ?? `tests that need ${spec.name}`} must run)`);
  if (!announced.has(spec.name)) say(`skipped: the ${spec.needed ?? `tests that need ${spec.name}`} — ${line}`);
  announced.add(spec.name);
  return null;
}

/** Chromium or Chrome for the end-to-end tests (driven by playwright-core). */
export const CHROMIUM: ToolSpec = {
  name: 'Chromium',
  needed: 'end-to-end tests (e2e/, a real browser)',
  env: 'CHROMIUM_PATH',
  commands: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'],
  paths: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  hint: 'install Chromium or Chrome (Debian/Ubuntu: apt-get install chromium; macOS: Google Chrome in /Applications)',
};

/** docker-compose v1 (`docker-compose config` checks the compose files without a Docker engine). */
export const DOCKER_COMPOSE: ToolSpec = {
  name: 'docker-compose',
  needed: 'compose-file checks (apps/server/test/prod.test.ts)',
  hint: 'install docker-compose (Debian/Ubuntu: apt-get install docker-compose; or pip install docker-compose)',
};

/** Caddy, for tests of a reverse proxy in front of several processes. */
export const CADDY: ToolSpec = {
  name: 'caddy',
  needed: 'tests behind a Caddy reverse proxy',
  paths: ['/usr/bin/caddy', '/opt/homebrew/bin/caddy', '/usr/local/bin/caddy'],
  hint: 'install Caddy (Debian/Ubuntu: apt-get install caddy; macOS: brew install caddy)',
};

/** nginx, for tests of a reverse proxy in front of several processes (Debian puts it in /usr/sbin). */
export const NGINX: ToolSpec = {
  name: 'nginx',
  needed: 'tests behind an nginx reverse proxy',
  paths: ['/usr/sbin/nginx', '/opt/homebrew/bin/nginx', '/usr/local/bin/nginx'],
  hint: 'install nginx (Debian/Ubuntu: apt-get install nginx; macOS: brew install nginx)',
};

/** HAProxy, for tests of a reverse proxy with active health checks (Debian puts it in /usr/sbin). */
export const HAPROXY: ToolSpec = {
  name: 'haproxy',
  needed: 'tests behind an HAProxy reverse proxy',
  paths: ['/usr/sbin/haproxy', '/opt/homebrew/bin/haproxy', '/usr/local/bin/haproxy'],
  hint: 'install HAProxy 2.6 or later (Debian/Ubuntu: apt-get install haproxy; macOS: brew install haproxy)',
};
