/**
 * Builds the service worker (src/sw.ts) to /sw.js, next to the app, and writes into it the
 * list of files to precache: every file of the build (chunks, workers, styles, index.html)
 * and of public/, minus source maps and Vite's manifest, under a version made from all their
 * contents. Anything the build emits — a new page, a new worker — is precached without a
 * change here; `ignore` leaves files out.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const PLACEHOLDER = /(["'`])__BELOTE_PRECACHE__\1/;
const NEVER = [/\.map$/, /^\.vite\//, /^sw\.js$/];

export interface ServiceWorkerOptions {
  /** The worker's source. */
  entry: string;
  /** Files of the build (paths relative to the output directory) not to precache. */
  ignore?: RegExp[];
}

/** Files under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

export function serviceWorker({ entry, ignore = [] }: ServiceWorkerOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'belote-service-worker',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry, fileName: 'sw.js' });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle['sw.js'];
        if (!sw || sw.type !== 'chunk') return this.error('sw.js was not built');
        const skip = (f: string): boolean => [...NEVER, ...ignore].some((r) => r.test(f));
        const contents = new Map<string, string | Uint8Array>();
        for (const [name, out] of Object.entries(bundle)) if (!skip(name)) contents.set(name, out.type === 'chunk' ? out.code : out.source);
        const pub = config.publicDir;
        for (const f of filesUnder(pub)) if (!skip(f) && !contents.has(f)) contents.set(f, readFileSync(path.join(pub, f)));
        const files = [...contents.keys()].sort();
        const hash = createHash('sha256');
        for (const f of files) hash.update(f).update('\0').update(contents.get(f)!).update('\0');
        hash.update(sw.code);
        const precache = { version: hash.digest('hex').slice(0, 16), files: files.map((f) => `/${f}`) };
        if (!PLACEHOLDER.test(sw.code)) return this.error('sw.js lost its precache placeholder');
        sw.code = sw.code.replace(PLACEHOLDER, JSON.stringify(precache));
      },
    },
  };
}
