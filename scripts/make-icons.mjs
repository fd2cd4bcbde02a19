#!/usr/bin/env node
// Renders the app's PNG icons (apps/web/public/icons) from their SVG sources (apps/web/icons)
// with Chromium: 192 and 512 px (any), 512 px maskable, the 180 px Apple touch icon.
// Run after changing an SVG: `node scripts/make-icons.mjs` (needs /usr/bin/chromium or CHROMIUM_PATH).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');
const src = (name) => readFileSync(path.join(root, 'apps/web/icons', name), 'utf8');
const out = (name) => path.join(root, 'apps/web/public/icons', name);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [svg, size, file, omitBackground] of [
  ['icon.svg', 192, 'icon-192.png', true],
  ['icon.svg', 512, 'icon-512.png', true],
  ['maskable.svg', 512, 'maskable-512.png', false],
  ['maskable.svg', 180, 'apple-touch-icon.png', false],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${src(svg)}`);
  await page.screenshot({ path: out(file), omitBackground });
  console.log(file);
}
await browser.close();
