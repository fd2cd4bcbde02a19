/**
 * Builds the web app (skipped when apps/web/dist is newer than its sources) and starts the
 * real table server (e2e/serve.ts, a child process) on an ephemeral port with instant bots.
 * Tests read its URL with `inject('baseUrl')`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');

/** Newest modification time of a file or of the files under a directory (0 when missing). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let t = statSync(dir).mtimeMs;
  if (!statSync(dir).isDirectory()) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The one Vite JS API call we need (vite is a dependency of apps/web, not of e2e). */
interface ViteApi {
  build(config: { root: string; configFile: string; logLevel: 'warn' }): Promise<unknown>;
}

function distIsFresh(): boolean {
  const built = path.join(dist, 'index.html');
  if (!existsSync(built)) return false;
  // Everything the build reads: the service worker's plugin, the manifest and icons (public/),
  // Svelte's config and the dependencies' versions too, not only the sources.
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'sw-plugin.ts', 'svelte.config.js', 'package.json'].map((f) => path.join(web, f));
  const sources = [...inputs, ...['rules', 'bots', 'protocol'].map((p) => path.join(root, `packages/${p}/src`)), path.join(root, 'pnpm-lock.yaml')];
  return Math.max(...sources.map(newest)) < statSync(built).mtimeMs;
}

async function buildWeb(): Promise<void> {
  if (distIsFresh() && !['1', 'true'].includes(process.env.E2E_REBUILD ?? '')) return;
  const vitePath = createRequire(path.join(web, 'package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as ViteApi;
  // The production build `pnpm build` makes: Vite keeps a NODE_ENV already set, and vitest's
  // 'test' would build Svelte's development runtime (larger, slower, with dev checks).
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ root: web, configFile: path.join(web, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = env;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildWeb();
  const server = await startServerProcess({ BOT_DELAY_MS: '0', DEAL_PAUSE_MS: '60000', WEB_DIST: dist });
  project.provide('baseUrl', server.url);
  return server.stop;
}
