/**
 * Contrast as drawn, for what axe-core leaves undecided (text over gradients, translucent plates):
 * two screenshots, one with the text and one without it; the pixels that change are the text's,
 * the strongest of them against the same pixel without the text is its ink against what is
 * right behind it (WCAG's contrast ratio).
 */
import type { Page } from 'playwright-core';

export interface Drawn {
  ratio: number;
  ink: string;
  behind: string;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two screenshots decoded in the page (bypassCSP: data URLs): for each box (CSS px in the shots, scaled by `dpr`), its strongest changed pixel against the same pixel in `bare`. */
export async function strongest(page: Page, shown: Buffer, bare: Buffer, boxes: Box[][], dpr: number): Promise<(Drawn | null)[]> {
  return page.evaluate(async ([a, b, boxes, dpr]) => {
    const pixels = async (png: string): Promise<ImageData> => {
      const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const ctx = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, img.width, img.height);
    };
    const [p, q] = [await pixels(a), await pixels(b)];
    const lum = (d: Uint8ClampedArray, i: number): number =>
      [0.2126, 0.7152, 0.0722].reduce((s, w, k) => {
        const c = d[i + k]! / 255;
        return s + w * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      }, 0);
    const hex = (d: Uint8ClampedArray, i: number): string => `#${[0, 1, 2].map((k) => d[i + k]!.toString(16).padStart(2, '0')).join('')}`;
    return boxes.map((rects) => {
      let best: Drawn | null = null;
      for (const r of rects) {
        const [x0, y0] = [Math.max(0, Math.floor(r.x * dpr)), Math.max(0, Math.floor(r.y * dpr))];
        const [x1, y1] = [Math.min(p.width, Math.ceil((r.x + r.width) * dpr)), Math.min(p.height, Math.ceil((r.y + r.height) * dpr))];
        for (let y = y0; y < y1; y++)
          for (let x = x0; x < x1; x++) {
            const i = (y * p.width + x) * 4;
            if (p.data[i] === q.data[i] && p.data[i + 1] === q.data[i + 1] && p.data[i + 2] === q.data[i + 2]) continue;
            const [l, m] = [lum(p.data, i), lum(q.data, i)];
            const ratio = (Math.max(l, m) + 0.05) / (Math.min(l, m) + 0.05);
            if (!best || ratio > best.ratio) best = { ratio, ink: hex(p.data, i), behind: hex(q.data, i) };
          }
      }
      return best;
    });
  }, [shown.toString('base64'), bare.toString('base64'), boxes, dpr] as const);
}

export interface Piece {
  text: string;
  /** WCAG's large text (24 px, or bold from 18.66 px) needs 3:1, the rest 4.5:1. */
  need: number;
  rects: Box[];
}

/**
 * Every visible text of `selector` as drawn, from two screenshots of its part in the viewport:
 * with the text, and with every text in it made transparent. Each piece of text (a text node,
 * where it shows: inside the boxes that scroll it) gives its strongest changed pixel.
 */
export async function textsDrawn(page: Page, selector: string): Promise<{ piece: Piece; drawn: Drawn | null }[]> {
  const found = await page.evaluate((selector) => {
    const root = document.querySelector(selector)!;
    const r = root.getBoundingClientRect();
    const clip = { x: Math.max(0, r.left), y: Math.max(0, r.top), width: 0, height: 0 };
    clip.width = Math.min(innerWidth, r.right) - clip.x;
    clip.height = Math.min(innerHeight, r.bottom) - clip.y;
    const pieces: Piece[] = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement!;
      if (!n.textContent!.trim() || !el.checkVisibility({ visibilityProperty: true })) continue;
      // Where it shows: the viewport and each box between it and the root that clips it.
      let [left, top, right, bottom] = [clip.x, clip.y, clip.x + clip.width, clip.y + clip.height];
      for (let a: Element | null = el; a && a !== root.parentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const b = a.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, b.left), Math.max(top, b.top), Math.min(right, b.right), Math.min(bottom, b.bottom)];
      }
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()]
        .map((b) => ({ x: Math.max(b.left, left), y: Math.max(b.top, top), right: Math.min(b.right, right), bottom: Math.min(b.bottom, bottom) }))
        .filter((b) => b.right - b.x >= 2 && b.bottom - b.y >= 2) // not a screen reader's 1 px text
        .map((b) => ({ x: b.x - clip.x, y: b.y - clip.y, width: b.right - b.x, height: b.bottom - b.y }));
      if (!rects.length) continue;
      const cs = getComputedStyle(el);
      const [size, weight] = [parseFloat(cs.fontSize), Number(cs.fontWeight)];
      pieces.push({ text: n.textContent!.trim(), need: size >= 24 || (weight >= 700 && size >= 18.66) ? 3 : 4.5, rects });
    }
    return { clip, pieces };
  }, selector);
  const shot = (): Promise<Buffer> => page.screenshot({ clip: found.clip, animations: 'disabled', caret: 'hide' });
  const shown = await shot();
  const hide = await page.addStyleTag({ content: `${selector}, ${selector} * { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; }` });
  const bare = await shot();
  await hide.evaluate((e) => (e as Element).remove());
  const drawn = await strongest(page, shown, bare, found.pieces.map((p) => p.rects), 2);
  return found.pieces.map((piece, i) => ({ piece, drawn: drawn[i]! }));
}

