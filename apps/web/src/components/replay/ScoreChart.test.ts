/**
 * The running totals' chart: its "Target N" label is where no team's line runs, at a phone's and
 * a desktop's widths, read from the SVG's own coordinates (the viewBox is the chart's width in
 * px; jsdom measures no text, so the label's box is taken at a generous 0.62 em a character).
 */
import { render, waitFor } from '@testing-library/svelte';
import { replayTimeline, type DealResult } from '@belote/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import { botRecord } from '../../../test/records.js';
import { stubResizeObserver } from '../../../test/resize-observer.js';
import ScoreChart from './ScoreChart.svelte';

/** The width the chart's ResizeObserver reports. */
let chartWidth = 300;
beforeAll(() => stubResizeObserver(() => chartWidth));
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => prefs.setLang('en'));

interface Pt {
  x: number;
  y: number;
}

/** Where a team's line (2 px wide, dots of radius 2.5) meets the label's box: the points sampled along it. */
function crossings(svg: SVGSVGElement): string[] {
  const label = svg.querySelector('[data-testid=target-label]')!;
  const x = Number(label.getAttribute('x'));
  const base = Number(label.getAttribute('y'));
  const w = label.textContent!.length * 10 * 0.62;
  const left = label.getAttribute('text-anchor') === 'end' ? x - w : x;
  // a 10 px font: its ascent above the baseline, its descent below; the dots' radius round it
  const box = { x0: left - 2.5, x1: left + w + 2.5, y0: base - 9.5 - 2.5, y1: base + 3 + 2.5 };
  const out: string[] = [];
  for (const path of svg.querySelectorAll('path')) {
    const pts: Pt[] = [...path.getAttribute('d')!.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    pts.forEach((b, i) => {
      const a = pts[Math.max(0, i - 1)]!;
      for (let k = 0; k <= 200; k++) {
        const p = { x: a.x + ((b.x - a.x) * k) / 200, y: a.y + ((b.y - a.y) * k) / 200 };
        if (p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1) return void out.push(`${path.getAttribute('class')} at ${p.x.toFixed(1)},${p.y.toFixed(1)}`);
      }
    });
  }
  return out;
}

async function chart(results: DealResult[], target: number, width: number): Promise<{ svg: SVGSVGElement; unmount: () => void }> {
  chartWidth = width;
  const { container, unmount } = render(ScoreChart, { props: { results, target, current: 0, teams: ['Ann & Cid', 'Bob & Dee'] } });
  const svg = container.querySelector<SVGSVGElement>('[data-testid=score-chart]')!;
  await waitFor(() => expect(svg.getAttribute('viewBox')).toBe(`0 0 ${width} 96`));
  await waitFor(() => expect(svg.querySelector('[data-testid=target-label]')!.textContent).toBe(`Target ${target}`));
  return { svg, unmount };
}

const totals = (rows: [number, number][]): DealResult[] => rows.map((t) => ({ totals: t }) as DealResult);

describe('the running totals chart', () => {
  it("writes the target's label where no team's line runs, in finished games at 320 to 1280 px", async () => {
    for (const [seed, target] of [['chart-a', 301], ['chart-b', 301], ['chart-c', 1000], ['replay', 301]] as const) {
      const results = replayTimeline(botRecord(seed, target)).deals.map((d) => d.result);
      // finished: a team's line ends above the target, at the right end
      expect(Math.max(...results.at(-1)!.totals)).toBeGreaterThanOrEqual(target);
      for (const width of [320, 390, 360, 1280]) {
        const { svg, unmount } = await chart(results, target, width);
        expect(crossings(svg), `${seed} at ${width} px`).toEqual([]);
        // drawn last, over the lines and the current deal's mark (its halo keeps it readable should one cross it)
        expect(svg.lastElementChild!.getAttribute('data-testid')).toBe('target-label');
        unmount();
      }
    }
  });

  it('moves it elsewhere when a line runs by the target at the left end too (a first deal near it)', async () => {
    // Ann & Cid's line starts just under the target and ends over it: only below it, on the right, is free.
    const { svg } = await chart(totals([[490, 0], [650, 20]]), 501, 300);
    expect(crossings(svg)).toEqual([]);
    expect(svg.querySelector('[data-testid=target-label]')!.getAttribute('text-anchor')).toBe('end');
  });
});
