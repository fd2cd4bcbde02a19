/**
 * Whole games stepped through in the replay, every step of every deal: random play (takes,
 * coinches, surcoinches, capots, announcements with two of a kind, all-pass deals) drawn without
 * an error, the caption moving at each step. The analysis is left out (a worker that never answers).
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { playGame, recordOf, replayTimeline, seededRng, type GameRecord, type Rules } from '@belote/rules';
import { tick } from 'svelte';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import type { WorkerLike } from '../../lib/replay/analysis-session.svelte.js';
import type { LoadedRecord } from '../../lib/replay/record-source.js';
import ReplayView from './ReplayView.svelte';

/** The record of the first seeded random game (of `tries`) that `wanted` accepts. */
function recordWhere(rules: Partial<Rules>, wanted: (r: GameRecord) => boolean, tries = 300): GameRecord {
  for (let seed = 1; seed <= tries; seed++) {
    const record = JSON.parse(JSON.stringify(recordOf(playGame(rules, seededRng(seed)).state))) as GameRecord;
    if (wanted(record)) return record;
  }
  throw new Error(`no game of ${tries} seeds had what the test needs`);
}

const silent = (): WorkerLike => ({ onmessage: null, postMessage() {}, terminate() {} });
const caption = (): string => screen.getByTestId('caption').textContent!.trim();

beforeAll(() => {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} });
});
afterAll(() => vi.unstubAllGlobals());

/** Steps through every deal of `record`, one action at a time: the steps taken, and each hand's declarations as drawn. */
async function stepThrough(record: GameRecord): Promise<{ steps: number; declared: Set<string> }> {
  const timeline = replayTimeline(record);
  expect(timeline.error).toBeNull();
  const loaded: LoadedRecord = { record, players: ['Ann', 'Bob', 'Cid', 'Dee'], you: null, source: { kind: 'file', name: 'game.json' } };
  const view = render(ReplayView, { loaded, spawn: silent });
  let steps = 0;
  const declared = new Set<string>();
  for (const [i, deal] of timeline.deals.entries()) {
    if (i > 0) {
      await fireEvent.keyDown(window, { key: 'PageDown' });
      await tick();
    }
    expect(document.querySelector(`[data-testid=deal-list] [data-deal="${deal.index}"]`)?.getAttribute('aria-current'), `deal ${deal.index} chosen`).toBeTruthy();
    for (let k = 1; k < deal.frames.length; k++) {
      const before = caption();
      await fireEvent.keyDown(window, { key: 'ArrowRight' });
      await tick();
      expect(caption(), `deal ${deal.index}, step ${k}`).not.toBe(before);
      for (const e of document.querySelectorAll('[data-replay-seat] .declared')) declared.add(e.textContent ?? '');
      steps++;
    }
    expect(screen.getByTestId('deal-breakdown')).toBeTruthy();
  }
  view.unmount();
  return { steps, declared };
}

describe('whole games stepped through in the replay', () => {
  it('classic with announcements, a seat declaring two of a kind: every step of every deal, both on its hand', async () => {
    prefs.setLang('en');
    const record = recordWhere({ target: 501, announcements: true }, (r) => {
      const timeline = replayTimeline(r);
      const twoOfAKind = (kinds: string[]): boolean => new Set(kinds).size < kinds.length;
      return timeline.deals.some((d) => d.states.at(-1)?.deals.at(-1)?.announcements?.bySeat.some((cs) => twoOfAKind(cs.map((c) => c.kind))) ?? false);
    });
    const frames = replayTimeline(record).deals.reduce((n, d) => n + d.frames.length - 1, 0);
    const { steps, declared } = await stepThrough(record);
    expect(steps).toBe(frames);
    // the seat's hand says both ("Tierce · Tierce")
    expect([...declared].some((d) => new Set(d.split(' · ')).size < d.split(' · ').length), `two of a kind in ${[...declared].join(' | ')}`).toBe(true);
  });

  it('coinche with announcements, with a surcoinche and a capot bid: every step of every deal', async () => {
    prefs.setLang('en');
    const record = recordWhere({ variant: 'coinche', target: 1000, announcements: true }, (r) => {
      const calls = r.deals.flatMap((d) => d.actions);
      return calls.some((a) => a.type === 'surcoinche') && calls.some((a) => a.type === 'bid' && a.value === 'capot');
    });
    const frames = replayTimeline(record).deals.reduce((n, d) => n + d.frames.length - 1, 0);
    expect((await stepThrough(record)).steps).toBe(frames);
  });
});
