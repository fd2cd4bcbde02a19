/**
 * Contrast that axe-core leaves undecided, measured as drawn: axe does not check a field's
 * placeholder, and the browser's own grey (#757575) was 3.6:1 on the app's dark fields. Each
 * placeholder is measured from two screenshots of its field (with it, and with the placeholder
 * attribute removed): the pixels that change are its text, the strongest of them against the
 * pixel behind it is the ink against the field (WCAG AA: 4.5:1 for text under 24 px).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seatedWithBots, useBrowser } from './browser.js';

const chrome = useBrowser();
const base = (): string => inject('baseUrl');

/** Twice the pixels (a text's core reaches its full colour), the decoding done in the page (bypassCSP: a data URL). */
const newPage = (): Promise<Page> => chrome.page({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce', bypassCSP: true }, 15_000);

interface Drawn {
  ratio: number;
  ink: string;
  behind: string;
}

/** The contrast of the empty field `selector`'s placeholder, as drawn. */
async function placeholderContrast(page: Page, selector: string): Promise<Drawn> {
  const field = page.locator(selector);
  await field.scrollIntoViewIfNeeded();
  expect(await field.inputValue(), `${selector} is empty`).toBe('');
  const shot = (): Promise<Buffer> => field.screenshot({ animations: 'disabled', caret: 'hide' });
  const shown = await shot();
  const text = await field.getAttribute('placeholder');
  await field.evaluate((e) => e.removeAttribute('placeholder'));
  const bare = await shot();
  await field.evaluate((e, t) => e.setAttribute('placeholder', t ?? ''), text);
  return page.evaluate(async ([a, b]) => {
    const pixels = async (png: string): Promise<Uint8ClampedArray> => {
      const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const ctx = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, img.width, img.height).data;
    };
    const [p, q] = [await pixels(a), await pixels(b)];
    const lum = (d: Uint8ClampedArray, i: number): number =>
      [0.2126, 0.7152, 0.0722].reduce((s, w, k) => {
        const c = d[i + k]! / 255;
        return s + w * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      }, 0);
    const hex = (d: Uint8ClampedArray, i: number): string => `#${[0, 1, 2].map((k) => d[i + k]!.toString(16).padStart(2, '0')).join('')}`;
    let best = { ratio: 0, ink: '', behind: '' };
    for (let i = 0; i < p.length; i += 4) {
      if (p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2]) continue;
      const [x, y] = [lum(p, i), lum(q, i)];
      const ratio = (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
      if (ratio > best.ratio) best = { ratio, ink: hex(p, i), behind: hex(q, i) };
    }
    return best;
  }, [shown.toString('base64'), bare.toString('base64')] as const);
}

async function readable(page: Page, selector: string, label: string): Promise<void> {
  const d = await placeholderContrast(page, selector);
  expect(d.ratio, `${label}: placeholder ${d.ink} on ${d.behind}`).toBeGreaterThanOrEqual(4.5);
}

describe('placeholders readable on the dark fields (4.5:1)', () => {
  it('the home page\'s table link, the chat\'s message and a spectator\'s name', async () => {
    const home = await newPage();
    await home.goto(`${base()}/`);
    await home.waitForSelector('[data-testid=create-form]');
    await readable(home, 'form.join input', 'home: the link to join');

    const player = await newPage();
    await seatedWithBots(player, base());
    await player.click('[data-testid=chat-toggle]');
    await readable(player, '[data-testid=chat-input]', 'chat: the message');

    const spectator = await newPage();
    await spectator.goto(player.url());
    await spectator.click('[data-testid=chat-toggle]');
    await readable(spectator, '[data-testid=chat-name]', 'a spectator\'s chat: the name');
  });
});
