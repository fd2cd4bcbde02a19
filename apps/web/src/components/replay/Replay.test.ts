/**
 * The replay page in jsdom: the open hands, bids and table at each step, stepping by keys and
 * buttons, the deal's score at its end, the analysis (run in-process by a fake worker with a
 * small budget) with its marks and better card, the cache, the languages and the labels.
 */
import type { FromWorker, ToWorker } from '../../lib/replay/analysis-host.js';
import { analysisHost } from '../../lib/replay/analysis-host.js';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { replayTimeline, type Card, type GameRecord, type ReplayDeal, type Seat } from '@belote/rules';
import { tick } from 'svelte';
import { cardLabel } from '../../lib/i18n.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import { pwa } from '../../lib/pwa.svelte.js';
import type { WorkerLike } from '../../lib/replay/analysis-session.svelte.js';
import type { LoadedRecord } from '../../lib/replay/record-source.js';
import { botRecord, coincheRecord } from '../../../test/records.js';
import ReplayPage from './ReplayPage.svelte';
import ReplayView from './ReplayView.svelte';

/** A worker stand-in running the real analysis loop in this thread, with a small budget. */
function fakeWorker(): WorkerLike & { sent: ToWorker[] } {
  const w: WorkerLike & { sent: ToWorker[] } = {
    sent: [],
    onmessage: null,
    postMessage(m: ToWorker) {
      w.sent.push(m);
      handle(m.type === 'start' ? { ...m, budget: { samples: 3, minSamples: 1, nodes: 400_000, markSamples: 3, bidSamples: 3 } } : m);
    },
    terminate: vi.fn(),
  };
  const handle = analysisHost((m: FromWorker) => w.onmessage?.({ data: m } as MessageEvent<FromWorker>));
  return w;
}

// A game whose first played deal has cards marked beyond doubt on the small budget of these tests.
const record: GameRecord = botRecord('view-2');
const timeline = replayTimeline(record);
const loaded: LoadedRecord = { record, players: ['Ann', 'Bob', 'Cid', 'Dee'], you: null, source: { kind: 'file', name: 'game.json' } };
const key = (k: string) => fireEvent.keyDown(window, { key: k });
const caption = () => screen.getByTestId('caption').textContent!.trim();

beforeEach(() => prefs.setLang('en'));
// jsdom has no Web Animations: card flights end at once, as with reduced motion.
const animate = Element.prototype.animate;
beforeAll(() => {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
  // jsdom does no layout: the charts' width (trackWidth) stays at its default.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  Element.prototype.animate = function () {
    const a = { onfinish: null as null | (() => void), cancel() {}, play() {}, pause() {}, currentTime: 0, playState: 'finished' };
    setTimeout(() => a.onfinish?.(), 0);
    return a as unknown as Animation;
  };
});
afterAll(() => {
  Element.prototype.animate = animate;
  vi.unstubAllGlobals();
});
const playedDeal = timeline.deals.findIndex((d) => d.result.outcome !== 'redeal');
afterEach(() => localStorage.clear());

describe('the replay', () => {
  it('shows all four hands as dealt, then the bids and every card in order', async () => {
    const spawn = vi.fn(fakeWorker);
    render(ReplayView, { loaded, spawn });
    const first = timeline.deals[0]!;
    // As dealt: five cards face up per seat, the retourne in the middle, nothing played.
    const seats = document.querySelectorAll('[data-replay-seat]');
    expect(seats).toHaveLength(4);
    for (const s of seats) expect(s.querySelectorAll('[data-mini-card]')).toHaveLength(5);
    expect(screen.getByRole('img', { name: /Turned-up card/ })).toBeTruthy();
    expect(caption()).toMatch(/deals; the retourne is/);
    const seat0 = screen.getByRole('group', { name: /^Ann: / });
    expect(seat0.getAttribute('aria-label')).toContain(first.frames[0]!.hands[0].length ? 'of' : 'no cards');
    // Step by bid: the auction grows.
    await key('ArrowRight');
    expect(caption()).toMatch(/(passes|takes)/);
    expect(screen.getByTestId('auction').querySelectorAll('td.latest')).toHaveLength(1);
    // By trick: the first stop after the bids is the take; then the first trick, its winner lit.
    const played = playedDeal;
    for (let i = 0; i < played; i++) await key('PageDown');
    await key('ArrowDown');
    expect(caption()).toMatch(/takes/);
    await key('ArrowDown');
    expect(caption()).toMatch(/wins the trick \(\d+ points\)/);
    expect(document.querySelectorAll('[data-trick-card]')).toHaveLength(4);
    expect(document.querySelectorAll('[data-mini-card][data-played=true]')).toHaveLength(4);
    expect(document.querySelector('[data-replay-seat].winner')).not.toBeNull();
    // Back one card: the trick in progress has three cards.
    await key('ArrowLeft');
    await waitFor(() => expect(document.querySelectorAll('[data-trick-card]')).toHaveLength(3));
    // End of the deal: the score breakdown with what each team wrote.
    await key('End');
    const breakdown = screen.getByTestId('deal-breakdown');
    expect(breakdown.textContent).toMatch(/Written/);
    expect(breakdown.textContent).toContain(String(timeline.deals[played]!.result.written[0]));
    await key('Home');
    expect(caption()).toMatch(/deals; the retourne is/);
    expect(spawn).toHaveBeenCalledOnce();
  });

  it('analyses the deal on screen first: the move list carries the marks, a count steps through them, the verdict says why', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const spawn = () => {
      const w = fakeWorker();
      workers.push(w);
      return w;
    };
    const deal = timeline.deals[playedDeal]!;
    const n = deal.index + 1;
    render(ReplayView, { loaded, spawn, startDeal: n });
    const start = workers[0]!.sent[0]!;
    expect(start.type === 'start' && start.deals[0]).toBe(n - 1);
    // The move list: every action of the deal, in order, each leading to its step.
    const moves = () => [...document.querySelectorAll<HTMLButtonElement>('[data-testid=move-list] button.move')];
    expect(moves().map((b) => Number(b.dataset.moveStep))).toEqual(deal.states.map((_, k) => k + 1));
    expect(moves().map((b) => b.textContent!.trim())).toEqual(
      // a take as a sentence ("Ann takes hearts"), every other move after its player's name
      record.deals[deal.index]!.actions.map((a) => expect.stringMatching(new RegExp(`^${loaded.players[a.seat]}${a.type === 'take' ? ' takes ' : ': '}`))),
    );
    await fireEvent.click(moves()[5]!);
    expect(moves()[5]!.getAttribute('aria-current')).toBe('step');
    expect(caption()).toMatch(new RegExp(`^${loaded.players[record.deals[deal.index]!.actions[5]!.seat]} `));
    // Once analysed, the marks are in the list; a click on one shows its verdict.
    await waitFor(() => expect(document.querySelector('[data-testid=move-list] button.move[data-mark]')).not.toBeNull(), { timeout: 20_000 });
    const marked = document.querySelector<HTMLButtonElement>('[data-testid=move-list] button.move[data-mark]')!;
    await fireEvent.click(marked);
    const decision = screen.getByTestId('decision');
    expect(decision.dataset.verdict).toBe(marked.dataset.mark);
    // The move played, in words for a screen reader as text (an aria-label on a span is not read by all).
    expect(decision.querySelector('.who [aria-label]')).toBeNull();
    expect(decision.querySelector('.who .sr-only')!.textContent).toMatch(/^[\p{L}\d][^♠♥♦♣]{3,}$/u);
    expect(screen.getByTestId('better').textContent).toMatch(/^(Inaccuracy \(\?!\)|Mistake \(\?\)|Blunder \(\?\?\)): gives away \d+ points? against \S+, at least \d+ beyond chance\.$/);
    expect(screen.getByTestId('measured').textContent).toMatch(/^Judged with what \w+ could know: /);
    expect(screen.getByTestId('why').textContent!.length).toBeGreaterThan(10);
    const played = decision.querySelector('tr.played')!;
    const best = decision.querySelector('tr.best')!;
    expect(played).not.toBe(best);
    expect(best.querySelector('td')!.textContent).toBe('0');
    if (decision.querySelector('thead')!.textContent!.includes('If every hand were visible')) {
      expect([...decision.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Choice', expect.stringMatching(/^With what \w+ could know$/), 'If every hand were visible']);
      expect(document.querySelector('[data-mark=better]')).not.toBeNull();
    }
    expect(caption()).toMatch(/(Inaccuracy|Mistake|Blunder)\.$/);
    expect(screen.getByTestId('eval-chart').getAttribute('aria-label')).toMatch(/^Chart: score difference Ann & Cid minus Bob & Dee after each card, every hand visible/);
    // Players: counts of each mark; a count steps through that player's marked decisions, round and round.
    const rows = screen.getByTestId('player-summary').querySelectorAll('[data-summary-seat]');
    expect(rows).toHaveLength(4);
    expect([...rows].some((r) => /\d+%/.test(r.textContent!))).toBe(true);
    const count = screen.getByTestId('player-summary').querySelector<HTMLButtonElement>('[data-count-mark]')!;
    const { countSeat, countMark } = count.dataset;
    const seen: string[] = [];
    for (let i = 0; i <= Number(count.textContent); i++) {
      await fireEvent.click(screen.getByTestId('player-summary').querySelector<HTMLButtonElement>(`[data-count-seat="${countSeat}"][data-count-mark="${countMark}"]`)!);
      const d = screen.getByTestId('decision');
      expect(d.dataset.verdict).toBe(countMark);
      expect(d.querySelector('h3')!.textContent).toContain(loaded.players[Number(countSeat)]!);
      seen.push(document.querySelector('[data-testid=move-list] [aria-current=step]')!.getAttribute('data-move-step')!);
    }
    // As many different steps as the count, then back to the first.
    expect(new Set(seen).size).toBe(Number(count.textContent));
    expect(seen.at(-1)).toBe(seen[0]);
  }, 30_000);

  it('plays another card out as a variation, and leaves the game as it was', async () => {
    const deal = timeline.deals[playedDeal]!;
    render(ReplayView, { loaded, spawn: fakeWorker, startDeal: deal.index + 1 });
    // The first card of the second trick: a position with a choice.
    const at = deal.frames.findIndex((f, i) => i > 0 && f.tricksDone === 1 && f.table.winner === null) - 1;
    await fireEvent.click(document.querySelector<HTMLButtonElement>(`[data-testid=move-list] [data-move-step="${at}"]`)!);
    const before = { caption: caption(), moves: screen.getByTestId('move-list').textContent, cursor: document.querySelector('[aria-current=step]')!.getAttribute('data-move-step') };
    await fireEvent.click(screen.getByTestId('whatif-toggle'));
    const choices = [...document.querySelectorAll<HTMLButtonElement>('[data-whatif-card]')];
    const mover = deal.frames[at + 1]!.action!;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((b) => b.closest('[data-replay-seat]')!.getAttribute('data-replay-seat') === String(mover.seat))).toBe(true);
    const other = choices.find((b) => b.dataset.whatifCard !== (mover.type === 'play' ? mover.card : '')) ?? choices[0]!;
    const card = other.dataset.whatifCard!;
    await fireEvent.click(other);
    const panel = screen.getByTestId('variation');
    expect(panel.dataset.status).toBe('done');
    expect(caption()).toMatch(/^What if…/);
    expect(document.querySelector(`[data-trick-card="${card}"]`)).not.toBeNull();
    const w0 = Number(screen.getByTestId('variation-written-0').textContent);
    const w1 = Number(screen.getByTestId('variation-written-1').textContent);
    expect(w0 + w1).toBeGreaterThanOrEqual(162);
    if (card !== (mover.type === 'play' ? mover.card : '')) expect(screen.getByTestId('variation-change').textContent).toMatch(/(keeps|gives away) \d+ points? more for|comes to the same as/);
    // The line can be stepped through with the keys; Escape leaves it: the game is as it was.
    await key('ArrowRight');
    expect(document.querySelector('[data-variation-at="1"]')!.getAttribute('aria-current')).toBe('step');
    await key('Escape');
    expect(screen.queryByTestId('variation')).toBeNull();
    expect({ caption: caption(), moves: screen.getByTestId('move-list').textContent, cursor: document.querySelector('[aria-current=step]')!.getAttribute('data-move-step') }).toEqual(before);
    // A move in the game leaves a variation too.
    await fireEvent.click(screen.getByTestId('whatif-toggle'));
    await fireEvent.click(document.querySelector<HTMLButtonElement>('[data-whatif-card]')!);
    expect(screen.getByTestId('variation')).toBeTruthy();
    await key('ArrowDown');
    expect(screen.queryByTestId('variation')).toBeNull();
  }, 30_000);

  it('shows a record analysed before from the cache, without a worker', async () => {
    const first = render(ReplayView, { loaded, spawn: fakeWorker });
    await waitFor(() => expect(screen.getByTestId('analysis-status').dataset.status).toBe('done'), { timeout: 60_000 });
    expect(Object.keys(localStorage).some((k) => k.startsWith('belote:analysis:v'))).toBe(true);
    first.unmount();
    const spawn = vi.fn(fakeWorker);
    render(ReplayView, { loaded, spawn, startDeal: timeline.deals[playedDeal]!.index + 1 });
    await key('End');
    expect(screen.getByTestId('decision')).toBeTruthy();
    expect(spawn).not.toHaveBeenCalled();
  }, 90_000);

  it('reads a game again with more deals finished: only the new deals are analysed', async () => {
    const early = { ...record, deals: record.deals.slice(0, 2) };
    const first = render(ReplayView, { loaded: { ...loaded, record: early }, spawn: fakeWorker });
    await waitFor(() => expect(screen.getByTestId('analysis-status').dataset.status).toBe('done'), { timeout: 60_000 });
    first.unmount();
    const workers: ReturnType<typeof fakeWorker>[] = [];
    render(ReplayView, { loaded, spawn: () => (workers.push(fakeWorker()), workers.at(-1)!) });
    const start = workers[0]!.sent[0]!;
    expect(start.type === 'start' && [...start.deals].sort((a, b) => a - b)).toEqual(timeline.deals.map((d) => d.index).filter((i) => i >= 2));
  }, 90_000);

  it('replays and analyses a coinche record: the calls in the auction grid, no retourne', async () => {
    const rec = coincheRecord();
    const tl = replayTimeline(rec);
    const played = tl.deals.find((d) => d.result.outcome !== 'redeal')!;
    render(ReplayView, { loaded: { ...loaded, record: rec }, spawn: fakeWorker, startDeal: played.index + 1 });
    expect(caption()).toMatch(/^\w+ deals$/);
    expect(screen.queryByRole('img', { name: /Turned-up card/ })).toBeNull();
    for (const s of document.querySelectorAll('[data-replay-seat]')) expect(s.querySelectorAll('[data-mini-card]')).toHaveLength(8);
    await key('ArrowRight');
    expect(caption()).toMatch(/(passes|bids (\d+|Capot) \w+|Coinche\u202f!|Surcoinche\u202f!)$/);
    expect(screen.getByTestId('auction').textContent).toMatch(/(Pass|\d+ [♠♥♦♣])/);
    await key('End');
    expect(screen.getByTestId('deal-breakdown').textContent).toMatch(/Written/);
    // The coinche score as the live summary explains it: contract, the rule that decided it, each team's formula.
    const r = played.result;
    const contract = `${r.contract === 'capot' ? 'Capot' : r.contract}`;
    expect(screen.getByTestId('breakdown-contract').textContent).toContain(`${loaded.players[r.taker!]} · ${contract}`);
    expect(screen.getByTestId('breakdown-why').textContent).toMatch(/^(Made|Dedans|Litige|Capot): /);
    const formulas = [...document.querySelectorAll('[data-team-formula]')].map((e) => e.textContent!.replace(/\s+/g, ' ').trim());
    expect(formulas).toHaveLength(2);
    expect(formulas.map((f) => Number(/= (\d+)$/.exec(f)?.[1] ?? (f.endsWith(' 0') ? 0 : NaN)))).toEqual(r.written);
    await waitFor(() => expect(screen.getByTestId('decision')).toBeTruthy(), { timeout: 30_000 });
    expect(screen.getByTestId('analysis-status').dataset.status).not.toBe('error');
  }, 40_000);

  it('writes a coinche call in the move list by its word, and by its multiplier for a narrow column, the word in its spoken name', () => {
    const rec = coincheRecord();
    const tl = replayTimeline(rec);
    const coinched = tl.deals.find((d) => d.frames.some((f) => f.action?.type === 'coinche'))!;
    render(ReplayView, { loaded: { ...loaded, record: rec }, spawn: fakeWorker, startDeal: coinched.index + 1 });
    const calls = [...screen.getByTestId('move-list').querySelectorAll('button.move.bid')];
    const call = calls.find((b) => b.querySelector('.short'))!;
    expect(call.querySelector('.long')!.textContent).toBe('Coinche');
    expect(call.querySelector('.short')!.textContent).toBe('×2');
    expect(call.querySelector('.short')!.getAttribute('title')).toBe('Coinche');
    expect(call.querySelector('.sr-only')!.textContent).toMatch(/^\w+: Coinche/);
    // Nothing else has a short form: bids and passes are written whole.
    expect(calls.filter((b) => b.querySelector('.short'))).toHaveLength(coinched.frames.filter((f) => f.action?.type === 'coinche' || f.action?.type === 'surcoinche').length);
  });

  it('writes a recorded pass as what was done (Passe), not the button’s verb (Passer), with the language’s colon', () => {
    const rec = coincheRecord();
    prefs.setLang('fr');
    try {
      render(ReplayView, { loaded: { ...loaded, record: rec }, spawn: fakeWorker, startDeal: 1 });
      const passes = [...screen.getByTestId('move-list').querySelectorAll('button.move.bid')].filter((b) => !b.classList.contains('strong'));
      expect(passes.length).toBeGreaterThan(0);
      for (const p of passes) {
        expect(p.querySelector('.txt')!.textContent).toBe('Passe');
        expect(p.querySelector('.sr-only')!.textContent).toMatch(/^\S.*\u202f: Passe/);
      }
    } finally {
      prefs.setLang('en');
    }
  });

  it('reads a recorded take as a sentence ("Ann nimmt Herz"), not the button\'s verb before the suit ("Ann: Nehmen Herz")', () => {
    prefs.setLang('de');
    try {
      render(ReplayView, { loaded, spawn: fakeWorker, startDeal: playedDeal });
      const frame = timeline.deals[playedDeal]!.frames.find((f) => f.action?.type === 'take')!;
      const take = frame.action!;
      // the suit taken: the trump once the take is done
      const suit = { S: 'Pik', H: 'Herz', D: 'Karo', C: 'Kreuz' }[frame.view.deal!.trump!];
      const taken = [...screen.getByTestId('move-list').querySelectorAll('button.move.bid.strong')];
      expect(taken).toHaveLength(1);
      expect(taken[0]!.querySelector('.sr-only')!.textContent).toMatch(new RegExp(`^${loaded.players[take.seat]} nimmt ${suit}(, |$)`));
    } finally {
      prefs.setLang('en');
    }
  });

  it('on a phone, Tab and reading order follow the screen top to bottom: the docked controls last, the hands as placed', async () => {
    const phone = (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} });
    const tabbable = (): HTMLElement[] =>
      [...document.querySelectorAll<HTMLElement>('button, input, select, a[href], [tabindex]')].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled);
    const at = (el: Element | null): number => tabbable().indexOf(el as HTMLElement);
    const deal = timeline.deals[playedDeal]!;
    try {
      // A phone: the step buttons and the verdict line are docked at the bottom of the screen,
      // under everything the page scrolls (the slider, the move list, the analysis, the deals).
      const { unmount } = render(ReplayView, { loaded, spawn: fakeWorker, startDeal: deal.index + 1 });
      await key('ArrowRight');
      const next = screen.getByRole('button', { name: 'Forward one bid or card' });
      const last = tabbable().at(-1)!;
      expect(next.closest('[data-testid=replay-controls]')!.contains(last)).toBe(true);
      for (const above of [
        screen.getByRole('button', { name: 'Turn the table' }),
        screen.getByRole('slider'),
        screen.getByTestId('move-list').querySelector('[tabindex="0"]'),
        screen.getByRole('region', { name: 'Analysis' }),
        ...document.querySelectorAll('[data-testid=analysis-status] button'),
      ])
        expect(at(above)).toBeLessThan(at(next));
      if (document.querySelector('[data-testid=verdict-line]')) expect(at(screen.getByTestId('verdict-line'))).toBeGreaterThan(at(screen.getByRole('region', { name: 'Analysis' })));
      // The four hands in the page as on the screen: top, left, right, bottom, however turned.
      const places = (): string[] => [...document.querySelectorAll('[data-replay-seat]')].map((e) => ['top', 'left', 'right', 'bottom'].find((p) => e.classList.contains(p))!);
      expect(places()).toEqual(['top', 'left', 'right', 'bottom']);
      await fireEvent.click(screen.getByRole('button', { name: 'Turn the table' }));
      expect(document.querySelector('[data-replay-seat].bottom')!.getAttribute('data-replay-seat')).toBe('1');
      expect(places()).toEqual(['top', 'left', 'right', 'bottom']);
      unmount();
      // A desktop: the step buttons stay beside the slider, under the board, before the move list.
      vi.stubGlobal('matchMedia', (q: string) => ({ ...phone(q), matches: q.includes('reduce') || q.includes('min-width: 1000px') }));
      render(ReplayView, { loaded, spawn: fakeWorker, startDeal: deal.index + 1 });
      const wide = screen.getByRole('button', { name: 'Forward one bid or card' });
      expect(at(wide)).toBeLessThan(at(screen.getByRole('slider')));
      expect(at(screen.getByRole('slider'))).toBeLessThan(at(screen.getByTestId('move-list').querySelector('button')));
    } finally {
      vi.stubGlobal('matchMedia', phone);
    }
  });

  it('the move list is one Tab stop, the current entry: the keys in it step the replay once and the focus follows; a click jumps', async () => {
    const deal = timeline.deals[playedDeal]!;
    render(ReplayView, { loaded, spawn: fakeWorker, startDeal: deal.index + 1 });
    const list = screen.getByRole('toolbar', { name: 'Moves' });
    const current = (): HTMLElement => list.querySelector<HTMLElement>('[aria-current=step]')!;
    const stops = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('button')].filter((b) => b.tabIndex >= 0);
    const at = (): number => Number(current().getAttribute('data-move-step'));
    expect(list.querySelectorAll('button').length).toBeGreaterThan(30);
    expect(stops()).toEqual([current()]);
    expect(at()).toBe(0);
    current().focus();
    // Each key once: the replay moves as anywhere on the page (no double step), the focus with it.
    const press = async (k: string, step: number): Promise<void> => {
      await fireEvent.keyDown(document.activeElement!, { key: k });
      expect(at(), k).toBe(step);
      await waitFor(() => expect(document.activeElement, k).toBe(current()));
      expect(stops(), k).toEqual([current()]);
    };
    await press('ArrowRight', 1);
    await press('ArrowRight', 2);
    await press('ArrowLeft', 1);
    const stop = deal.frames.findIndex((f, k) => k > 1 && f.action?.type === 'play' && f.events.some((e) => e.type === 'trickWon'));
    await press('ArrowDown', deal.frames.findLastIndex((f, k) => k < stop && f.action?.type !== 'play'));
    await press('ArrowDown', stop);
    await press('ArrowUp', deal.frames.findLastIndex((f, k) => k < stop && f.action?.type !== 'play'));
    await press('End', deal.frames.length - 1);
    await press('Home', 0);
    // A click (Enter or Space on a focused entry) jumps there; it is the tab stop from then on.
    const entry = list.querySelector<HTMLElement>('button.move.card')!;
    await fireEvent.click(entry);
    expect(current()).toBe(entry);
    expect(stops()).toEqual([entry]);
  });

  it("the move list's score row is an entry as the others: → or ↓ from the last card (the same step), the tab stop, named; ← back, → on to the next deal and ← from there back to it", async () => {
    const deal = timeline.deals[playedDeal]!;
    expect(timeline.deals.length, 'a deal after it').toBeGreaterThan(playedDeal + 1);
    render(ReplayView, { loaded, spawn: fakeWorker, startDeal: deal.index + 1 });
    const list = screen.getByRole('toolbar', { name: 'Moves' });
    const current = (): HTMLElement => list.querySelector<HTMLElement>('[aria-current=step]')!;
    const stops = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('button')].filter((b) => b.tabIndex >= 0);
    const press = async (k: string, to: () => HTMLElement): Promise<void> => {
      await fireEvent.keyDown(document.activeElement!, { key: k });
      await waitFor(() => expect(document.activeElement, k).toBe(to()));
      expect(current(), k).toBe(to());
      expect(stops(), k).toEqual([to()]);
    };
    const [w0, w1] = deal.result.written;
    const row = screen.getByRole('button', { name: new RegExp(`^Score: .+, Ann & Cid ${w0}, Bob & Dee ${w1}$`) });
    // The focused current entry's ring is app.css's, by this class.
    expect(row.classList).toContain('step-entry');
    const card = list.querySelector<HTMLElement>(`button.move[data-move-step="${deal.frames.length - 1}"]`)!;
    current().focus();
    await press('End', () => card);
    const end = caption();
    for (const k of ['ArrowRight', 'ArrowDown']) {
      await press(k, () => row);
      expect(caption(), `${k}: the board stays at the deal's end`).toBe(end);
      await press('ArrowLeft', () => card);
      expect(caption()).toBe(end);
    }
    // On from the score row: the next deal, as dealt.
    await press('ArrowRight', () => row);
    await press('ArrowRight', () => list.querySelector<HTMLElement>('[data-move-step="0"]')!);
    expect(caption()).toMatch(/deals; the retourne is/);
    // Back, the way it came: ← from the deal as dealt is the previous deal's end, on its score row
    // (the board at that deal's end), and ← once more its last card; ↑ from the deal as dealt
    // still goes to that card (a trick back).
    const lastCard = (): HTMLElement => list.querySelector<HTMLElement>(`button.move[data-move-step="${deal.frames.length - 1}"]`)!;
    const scoreRow = (): HTMLElement => list.querySelector<HTMLElement>('.edge.end')!;
    const dealt = (): HTMLElement => list.querySelector<HTMLElement>('[data-move-step="0"]')!;
    await press('ArrowLeft', scoreRow);
    expect(scoreRow().textContent).toContain(`${w0}–${w1}`);
    expect(caption(), '← from the next deal: the board at the deal’s end').toBe(end);
    await press('ArrowLeft', lastCard);
    await press('ArrowRight', scoreRow);
    await press('ArrowRight', dealt);
    await press('ArrowUp', lastCard);
    expect(caption()).toBe(end);
    // A tap on the row makes it current, one on the last card that card again.
    await fireEvent.click(list.querySelector<HTMLElement>('.edge.end')!);
    expect([current(), ...stops()]).toEqual([list.querySelector('.edge.end'), list.querySelector('.edge.end')]);
    await fireEvent.click(lastCard());
    expect([current(), ...stops()]).toEqual([lastCard(), lastCard()]);
  });

  it('a ← on the deal as dealt that goes nowhere (the first deal), or that a key overtakes, leaves the score row alone', async () => {
    const first = timeline.deals[0]!;
    render(ReplayView, { loaded, spawn: fakeWorker, startDeal: first.index + 1 });
    const list = screen.getByRole('toolbar', { name: 'Moves' });
    const current = (): HTMLElement => list.querySelector<HTMLElement>('[aria-current=step]')!;
    const lastCard = (d: ReplayDeal): string => `button.move[data-move-step="${d.frames.length - 1}"]`;
    current().focus();
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await new Promise((r) => setTimeout(r, 10));
    expect(current().getAttribute('data-move-step')).toBe('0');
    // End: the last card is current, as ever (not the score row).
    await fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(current()));
    expect(current()).toBe(list.querySelector(lastCard(first)));
    // On the next deal as dealt, ← and End at once: the previous deal's end, its last card (End's).
    await fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await waitFor(() => expect(document.activeElement).toBe(list.querySelector('[data-move-step="0"]')));
    const dealt = document.activeElement!;
    void fireEvent.keyDown(dealt, { key: 'ArrowLeft' });
    await fireEvent.keyDown(dealt, { key: 'End' });
    await new Promise((r) => setTimeout(r, 10));
    expect(current()).toBe(list.querySelector(lastCard(first)));
    expect(document.activeElement).toBe(current());
  });

  it("speaks to a practice game's player (the record's `human`) as “you”, in English and French, and of the other seats by name", async () => {
    const deal = timeline.deals[playedDeal]!;
    // The player leads the second trick: a card with a choice, after a trick someone won.
    const at = deal.frames.findIndex((f, i) => i > 0 && f.tricksDone === 1 && f.table.winner === null) - 1;
    const mine = deal.frames[at + 1]!.action as { seat: Seat; card: Card };
    const me = mine.seat;
    const others = ['Ann', 'Bob', 'Cid', 'Dee'];
    const other = ((me + 1) % 4) as Seat;
    render(ReplayView, { loaded: { ...loaded, players: others.map((n, s) => (s === me ? 'You' : n)) as LoadedRecord['players'], you: me }, spawn: fakeWorker, startDeal: deal.index + 1 });
    await waitFor(() => expect(screen.getByTestId('analysis-status').dataset.status).toBe('done'), { timeout: 60_000 });
    const first = deal.frames.find((f) => f.tricksDone === 1)!;
    const firstWinner = first.table.winner ?? deal.frames.find((f) => f.events.some((e) => e.type === 'trickWon'))!.events.flatMap((e) => (e.type === 'trickWon' ? [e.winner] : []))[0]!;
    const trickRow = () => document.querySelector('[data-testid=move-list] .row.trick')!.getAttribute('aria-label')!;
    // Before the player's card: "what if" asks about the player's choice.
    await fireEvent.click(document.querySelector<HTMLButtonElement>(`[data-testid=move-list] [data-move-step="${at}"]`)!);
    await fireEvent.click(screen.getByTestId('whatif-toggle'));
    expect(screen.getByTestId('whatif-hint').textContent).toBe('What if you played another card here?');
    await fireEvent.click(screen.getByTestId('whatif-toggle'));
    // The player's card: the caption, the hand, the verdict, the chart's readout.
    await fireEvent.click(document.querySelector<HTMLButtonElement>(`[data-testid=move-list] [data-move-step="${at + 1}"]`)!);
    expect(caption()).toBe(`You play ${cardLabel('en', mine.card)}`);
    expect(document.querySelector(`[data-replay-seat="${me}"]`)!.getAttribute('aria-label')).toMatch(/^Your cards: \w/);
    expect(document.querySelector(`[data-replay-seat="${other}"]`)!.getAttribute('aria-label')).toMatch(new RegExp(`^${others[other]}: \\w`));
    expect(trickRow()).toMatch(firstWinner === me ? /^Trick 1, won by you: \d+$/ : new RegExp(`^Trick 1, won by ${others[firstWinner]}: \\d+$`));
    const panel = screen.getByTestId('decision');
    expect(panel.dataset.verdict).not.toBe('forced');
    expect(panel.querySelectorAll('thead th')[1]!.textContent).toBe('With what you could know');
    expect(screen.getByTestId('measured').textContent).toMatch(/^Judged with what you could know: \d+ deals? that fits? everything you had seen, (each )?played out with every hand visible\.$/);
    const tries = [...panel.querySelectorAll<HTMLButtonElement>('[data-whatif]')];
    expect(tries.length).toBeGreaterThan(1);
    for (const b of tries) expect(b.title).toMatch(/^What if you play \S+$/);
    expect(screen.getByTestId('eval-readout').textContent).toMatch(/^After your \S+ \(trick 2\): (.+ ahead by \d+|even)$/);
    // The variation of another card: its title.
    await fireEvent.click(tries.find((b) => b.dataset.whatif !== mine.card)!);
    expect(screen.getByTestId('variation').querySelector('h3')!.textContent).toMatch(/^What if you play \S+$/);
    await key('Escape');
    // French: vous, with its verbs.
    prefs.setLang('fr');
    await tick();
    expect(caption()).toBe(`Vous jouez ${cardLabel('fr', mine.card)}`);
    expect(document.querySelector(`[data-replay-seat="${me}"]`)!.getAttribute('aria-label')).toMatch(/^Vos cartes\u202f: \w/);
    expect(screen.getByTestId('decision').querySelectorAll('thead th')[1]!.textContent).toBe('Avec ce que vous pouviez savoir');
    expect(screen.getByTestId('measured').textContent).toMatch(/^Jugé avec ce que vous pouviez savoir\u202f: \d+ donnes? compatibles? avec tout ce que vous aviez vu, /);
    for (const b of screen.getByTestId('decision').querySelectorAll<HTMLButtonElement>('[data-whatif]')) expect(b.title).toMatch(/^Et si vous jouiez \S+$/);
    expect(screen.getByTestId('eval-readout').textContent).toMatch(/^Après votre \S+ \(pli 2\)\u202f: /);
    // Another seat's card: by its name, in the third person.
    const theirs = deal.frames.findIndex((f, i) => i > at + 1 && f.action?.type === 'play' && f.action.seat !== me);
    await fireEvent.click(document.querySelector<HTMLButtonElement>(`[data-testid=move-list] [data-move-step="${theirs}"]`)!);
    const them = others[deal.frames[theirs]!.action!.seat]!;
    expect(caption()).toMatch(new RegExp(`^${them} joue `));
    if (screen.queryByTestId('measured')) expect(screen.getByTestId('measured').textContent).toMatch(new RegExp(`^Jugé avec ce que ${them} pouvait savoir\u202f: `));
  }, 60_000);

  it("labels a practice game's player “Vous” in French, whatever name it was stored with: the players, the move list, the auction, the score, the teams", async () => {
    prefs.setLang('fr');
    const deal = timeline.deals[playedDeal]!;
    // A practice file downloaded in English (its player stored as "You"), read in French.
    render(ReplayView, { loaded: { ...loaded, players: ['You', 'Bot 2', 'Bot 3', 'Bot 4'], you: 0 }, spawn: fakeWorker, startDeal: deal.index + 1 });
    const texts = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent!.trim());
    await waitFor(() => expect(screen.getByTestId('analysis-status').dataset.status).toBe('done'), { timeout: 60_000 });
    expect(texts('[data-summary-seat] th')).toEqual(['Vous', 'Bot 2', 'Bot 3', 'Bot 4']);
    expect(texts('[data-testid=eval-figure] .legend > span')).toEqual(['▲ Bon pour vous & Bot 3', '▼ Bon pour Bot 2 & Bot 4']);
    expect(texts('[data-testid=move-list] .names span').filter(Boolean).sort()).toEqual(['Bot 2', 'Bot 3', 'Bot 4', 'Vous']);
    expect(screen.getByTestId('score-chart').getAttribute('aria-label')).toMatch(/, Vous & Bot 3 -?\d+, Bot 2 & Bot 4 -?\d+$/);
    // In the auction: its column; at the deal's end: the teams' scores and their breakdown.
    await key('ArrowRight');
    expect(texts('[data-testid=auction] thead th').sort()).toEqual(['Bot 2', 'Bot 3', 'Bot 4', 'Vous']);
    await key('End');
    expect(texts('.status > .pts').map((x) => x.replace(/\s*\d+$/, ''))).toEqual(['Vous & Bot 3', 'Bot 2 & Bot 4']);
    expect(texts('[data-testid=deal-breakdown] thead th')).toEqual(['Vous & Bot 3', 'Bot 2 & Bot 4']);
    // Nowhere on the page, nor in what it says to a screen reader, the stored English name.
    const said = [...document.querySelectorAll('[aria-label], [title]')].map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`).join(' ');
    expect(`${document.body.textContent} ${said}`).not.toMatch(/\bYou\b/);
    // In English, a player stored with their own name is "You" too, as its sentences say.
    prefs.setLang('en');
    await tick();
    expect(texts('[data-summary-seat] th')[0]).toBe('You');
  }, 60_000);

  it('speaks German and French', async () => {
    prefs.setLang('de');
    render(ReplayView, { loaded, spawn: fakeWorker });
    expect(screen.getByRole('button', { name: 'Nächster Stich' })).toBeTruthy();
    expect(caption()).toMatch(/gibt; aufgedeckt ist/);
    prefs.setLang('fr');
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Pli suivant' })).toBeTruthy();
    expect(caption()).toMatch(/distribue\u202f; la retourne est/);
  });

  it('writes the autoplay speeds with the language’s decimal comma (0,5× in French and German; found by the replay audit)', async () => {
    const speeds = (): string[] => [...document.querySelectorAll('option')].map((o) => o.textContent!.trim()).filter((x) => x.endsWith('×'));
    prefs.setLang('fr');
    render(ReplayView, { loaded, spawn: fakeWorker });
    await tick();
    expect(speeds()).toEqual(['0,5×', '1×', '2×', '4×']);
    prefs.setLang('de');
    await tick();
    expect(speeds()).toEqual(['0,5×', '1×', '2×', '4×']);
    prefs.setLang('en');
    await tick();
    expect(speeds()).toEqual(['0.5×', '1×', '2×', '4×']);
  });

  it('says so when there is no finished deal or no file, and names a bad record', async () => {
    render(ReplayView, { loaded: { ...loaded, record: { ...record, deals: [] } }, spawn: fakeWorker });
    expect(screen.getByTestId('replay-empty').textContent).toMatch(/only finished deals can be replayed/);
    render(ReplayPage, { route: { name: 'replayFile', deal: null }, spawn: fakeWorker });
    expect((await screen.findByTestId('replay-error')).textContent).toMatch(/No record file is open/);
  });

  it("titles a practice game's replay with its number, a dropped file's with its name", async () => {
    const load = async () => ({ ok: true as const, value: { ...loaded, source: { kind: 'file' as const, name: 'belote-practice-AAAA-2.json' } } });
    const page = render(ReplayPage, { route: { name: 'replayFile', deal: null }, spawn: fakeWorker, source: { load, back: '/practice', dealPath: () => '/', title: 'Practice #2' } });
    await screen.findByTestId('deal-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Replay & analysis Practice #2');
    page.unmount();
    sessionStorage.setItem('belote:replay-file', JSON.stringify({ name: 'mine.json', text: JSON.stringify(record) }));
    render(ReplayPage, { route: { name: 'replayFile', deal: null }, spawn: fakeWorker });
    await screen.findByTestId('deal-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Replay & analysis mine.json');
    sessionStorage.clear();
  });

  it("offers to load the deals finished in the meantime only while the table's game can have more", async () => {
    const won = replayTimeline(record).deals.at(-1)!.result.totals;
    expect(Math.max(...won)).toBeGreaterThanOrEqual(301);
    const serve = (rec: GameRecord) => (async () => new Response(JSON.stringify({ ...rec, table: 'AbCdEfGhIjKlMnOpQrStUv', game: 0, players: ['Ann', 'Bob', 'Cid', 'Dee'] }))) as unknown as typeof fetch;
    const route = { name: 'replay', id: 'AbCdEfGhIjKlMnOpQrStUv', game: 0, deal: null } as const;
    const reload = () => screen.queryByRole('button', { name: 'Load the deals finished in the meantime' });
    // in play: two deals finished
    const playing = render(ReplayPage, { route, spawn: fakeWorker, fetcher: serve({ ...record, deals: record.deals.slice(0, 2) }) });
    await screen.findByTestId('deal-list');
    await waitFor(() => expect(reload()).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Replay & analysis #1');
    playing.unmount();
    // won: nothing more to load
    render(ReplayPage, { route, spawn: fakeWorker, fetcher: serve(record) });
    await screen.findByTestId('deal-list');
    expect(reload()).toBeNull();
  });

  it("says a table's record needs the connection when offline, and loads it when the connection is back", async () => {
    let online = false;
    const fetcher = (async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ...record, table: 'AbCdEfGhIjKlMnOpQrStUv', game: 0, players: ['Ann', 'Bob', 'Cid', 'Dee'] }));
    }) as unknown as typeof fetch;
    pwa.online = false;
    try {
      render(ReplayPage, { route: { name: 'replay', id: 'AbCdEfGhIjKlMnOpQrStUv', game: 0, deal: null }, spawn: fakeWorker, fetcher });
      const error = (await screen.findByTestId('replay-error')).textContent!;
      expect(error).toMatch(/You are offline: a table’s games load from the server/);
      expect(error).not.toMatch(/Failed to fetch/);
      online = true;
      pwa.online = true;
      await screen.findByTestId('deal-list');
    } finally {
      pwa.online = true;
    }
  });

  it('names what is wrong with a record the table sent', async () => {
    const fetcher = (async () => new Response('{"format":"belote-record/2","deals":[]}')) as unknown as typeof fetch;
    render(ReplayPage, { route: { name: 'replay', id: 'AbCdEfGhIjKlMnOpQrStUv', game: 0, deal: null }, spawn: fakeWorker, fetcher });
    expect((await screen.findByTestId('replay-error')).textContent).toMatch(/not a game record: format/);
  });
});
