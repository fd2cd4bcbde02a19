/**
 * The coinche screens: the bid picker offers exactly the calls the rules allow (over random
 * auctions), bids, coinches and surcoinches through the store; the auction board, the contract
 * in the top bar, the deal summary's breakdown, the score sheet's contract column, the lobby and
 * the home page's variant choice with its targets.
 */
import { currentDeal, legalCalls, playGame, randomCall, seededRng, viewFor, type DealSummary, type Seat } from '@belote/rules';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDealInFlight } from '../../test/deal-in-flight.js';
import { TABLE_ID, auctioned, step, updateFor } from '../../test/fixtures.js';
import { timesSpoken } from '../../test/spoken.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableClient } from '../lib/store.svelte.js';
import BidPicker from './BidPicker.svelte';
import DealSummaryView from './DealSummary.svelte';
import Home from './Home.svelte';
import ScoreSheet from './ScoreSheet.svelte';
import TableView from './TableView.svelte';

afterEach(() => {
  prefs.setLang('en');
  vi.restoreAllMocks();
});

function mounted(update: Parameters<TableClient['receive']>[0]): TableClient {
  const store = new TableClient(TABLE_ID);
  store.receive(update);
  render(TableView, { id: TABLE_ID, storeFactory: () => store });
  return store;
}

const shown = (selector: string, attr: string): string[] => [...document.querySelectorAll<HTMLElement>(selector)].map((e) => e.getAttribute(attr) ?? '');

describe('the bid picker', () => {
  it('offers exactly the legal calls of the seat to act, over random auctions', { timeout: 180_000 }, async () => {
    const rng = seededRng('picker');
    let states = 0;
    const seen = { coinche: 0, surcoinche: 0, noBids: 0 };
    for (let seed = 1; seed <= 12; seed++) {
      let s = auctioned(seed, []);
      while (currentDeal(s)!.phase === 'bidding') {
        const turn = currentDeal(s)!.turn!;
        const legal = legalCalls(s, turn);
        document.body.innerHTML = '';
        mounted(updateFor(s, turn, 1));
        expect(shown('[data-bid-value]', 'data-bid-value')).toEqual(legal.bids.map(String));
        expect(shown('[data-bid-suit]', 'data-bid-suit')).toEqual(legal.bids.length ? ['S', 'H', 'D', 'C'] : []);
        expect(shown('[data-bid]', 'data-bid')).toEqual(['pass', ...(legal.coinche ? ['coinche'] : []), ...(legal.surcoinche ? ['surcoinche'] : [])]);
        // The lowest open value is chosen first.
        if (legal.bids.length) expect(document.querySelector<HTMLInputElement>('input[name=bid-value]:checked')!.value).toBe(String(legal.bids[0]));
        seen.coinche += legal.coinche ? 1 : 0;
        seen.surcoinche += legal.surcoinche ? 1 : 0;
        seen.noBids += legal.bids.length === 0 ? 1 : 0;
        // Nobody else gets a picker; everyone sees the board.
        if (states % 4 === 0) {
          document.body.innerHTML = '';
          mounted(updateFor(s, ((turn + 1) % 4) as Seat, 1));
          expect(document.querySelector('[data-testid=bid-picker]')).toBeNull();
          expect(screen.getByTestId('auction-board')).toBeTruthy();
        }
        s = step(s, randomCall(legal, turn, rng)).state;
        states++;
      }
    }
    expect(states).toBeGreaterThan(40);
    expect(seen.coinche).toBeGreaterThan(0);
    expect(seen.surcoinche).toBeGreaterThan(0);
    expect(seen.noBids).toBeGreaterThan(0);
  });

  it('waits at a live deal, its place kept, until the eight cards have landed', async () => {
    await withDealInFlight({ dealer: 3, retourne: false, me: 0 }, async ({ plan, advance }) => {
      render(BidPicker, { legal: { pass: true, bids: [80, 90], coinche: false, surcoinche: false }, onbid: vi.fn(), oncall: vi.fn(), onpass: vi.fn() });
      const picker = screen.getByTestId('bid-picker');
      expect(picker.classList.contains('waiting')).toBe(true);
      await advance(plan.ends - 5);
      expect(picker.classList.contains('waiting')).toBe(true);
      await advance(5);
      expect(picker.classList.contains('waiting')).toBe(false);
    });
  });

  it('bids the chosen value in the tapped suit, and sends coinche, surcoinche and pass', async () => {
    prefs.setLang('en');
    const onbid = vi.fn();
    const oncall = vi.fn();
    const onpass = vi.fn();
    const { rerender } = render(BidPicker, { legal: { pass: true, bids: [100, 110, 120, 130, 140, 150, 160, 'capot'], coinche: true, surcoinche: false }, onbid, oncall, onpass });
    // the title shows the group's name: read once
    expect(screen.getByTestId('bid-picker').querySelector('.bid-title')!.textContent).toBe('Your turn');
    expect(timesSpoken(screen.getByTestId('bid-picker'), 'Your turn')).toBe(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Bid 100 hearts' }));
    expect(onbid).toHaveBeenLastCalledWith(100, 'H');
    await fireEvent.click(screen.getByRole('radio', { name: '130' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Bid 130 clubs' }));
    expect(onbid).toHaveBeenLastCalledWith(130, 'C');
    await fireEvent.click(screen.getByRole('radio', { name: 'Capot' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Bid Capot spades' }));
    expect(onbid).toHaveBeenLastCalledWith('capot', 'S');
    await fireEvent.click(screen.getByRole('button', { name: 'Coinche' }));
    expect(oncall).toHaveBeenLastCalledWith('coinche');
    expect(screen.queryByRole('button', { name: 'Surcoinche' })).toBeNull();
    // After a coinche: no more bids, only pass or surcoinche for the coinched team.
    await rerender({ legal: { pass: true, bids: [], coinche: false, surcoinche: true }, onbid, oncall, onpass });
    expect(screen.queryAllByRole('radio')).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Surcoinche' }));
    expect(oncall).toHaveBeenLastCalledWith('surcoinche');
    await fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    expect(onpass).toHaveBeenCalledOnce();
  });

  it('at the table, sends the calls through the store', async () => {
    prefs.setLang('en');
    const s = auctioned(5, [{ type: 'bid', value: 90, suit: 'S' }]);
    const store = mounted(updateFor(s, 1, 1));
    const bid = vi.spyOn(store.commands, 'bid').mockResolvedValue();
    const call = vi.spyOn(store.commands, 'call').mockResolvedValue();
    expect(shown('[data-bid-value]', 'data-bid-value')).toEqual(['100', '110', '120', '130', '140', '150', '160', 'capot']);
    await fireEvent.click(screen.getByRole('radio', { name: '110' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Bid 110 diamonds' }));
    expect(bid).toHaveBeenCalledWith(110, 'D');
    await fireEvent.click(screen.getByRole('button', { name: 'Coinche' }));
    expect(call).toHaveBeenCalledWith('coinche');
  });
});

describe('the contract on the table', () => {
  it('is on the board during the auction: value, bidder, multiplier and who coinched', async () => {
    prefs.setLang('en');
    let s = auctioned(2, []);
    mounted(updateFor(s, 'spectator', 1));
    expect(screen.getByTestId('auction-board').textContent).toContain('No bid yet');
    s = auctioned(2, [{ type: 'pass' }, { type: 'bid', value: 120, suit: 'D' }, { type: 'coinche' }]);
    document.body.innerHTML = '';
    mounted(updateFor(s, 'spectator', 1));
    const board = screen.getByTestId('auction-board');
    expect(screen.getByTestId('auction-contract').textContent!.trim()).toBe('120');
    expect(board.textContent).toContain('Ben');
    expect(screen.getByTestId('auction-multiplier').textContent).toBe('Coinché ×2 by Cleo');
    expect(board.querySelector('[aria-live]')!.textContent).toBe('Highest bid: 120 diamonds by Ben, Coinché ×2 by Cleo');
    // Each seat's latest call in its bubble.
    expect(document.querySelector('[data-seat="0"] [data-call]')!.textContent!.trim()).toBe('Pass');
    expect(document.querySelector('[data-seat="2"] [data-call]')!.textContent!.trim()).toBe('Coinche\u202f!');
    // Spoken with the turn after it: the call's own "!" ends it (no "!." ).
    expect((await screen.findByTestId('turn-live')).textContent).toMatch(/^Cleo: Coinche\u202f! \S+ to bid$/);
    prefs.setLang('de');
    await Promise.resolve();
    expect(screen.getByTestId('auction-multiplier').textContent).toBe('Coinché ×2 von Cleo');
  });

  it('names one\'s own seat "you" after "by" (von dir, not "von Du" for a practice player named Du)', async () => {
    prefs.setLang('de');
    const s = auctioned(2, [{ type: 'pass' }, { type: 'bid', value: 120, suit: 'D' }, { type: 'coinche' }]);
    mounted(updateFor(s, 2, 1));
    expect(screen.getByTestId('auction-multiplier').textContent).toBe('Coinché ×2 von dir');
    document.body.innerHTML = '';
    mounted(updateFor(s, 1, 1));
    const board = screen.getByTestId('auction-board');
    expect(board.querySelector('[aria-live]')!.textContent).toBe('Höchstes Gebot: 120 Karo von dir, Coinché ×2 von Cleo');
    prefs.setLang('en');
    await Promise.resolve();
    expect(board.querySelector('[aria-live]')!.textContent).toBe('Highest bid: 120 diamonds by you, Coinché ×2 by Cleo');
  });

  it('stays in the top bar during play, with the multiplier', async () => {
    prefs.setLang('en');
    const s = auctioned(2, [{ type: 'bid', value: 'capot', suit: 'H' }, { type: 'coinche' }, { type: 'surcoinche' }]);
    expect(currentDeal(s)!.phase).toBe('play');
    mounted(updateFor(s, 1, 1));
    // (the badge a frame after the table's first screen: TopBar)
    expect((await screen.findByTestId('contract')).textContent).toBe('Capot×4');
    expect(screen.getByTestId('multiplier').textContent).toBe('×4');
    expect(screen.getByTestId('trump-spoken').textContent).toBe('Contract Capot hearts, taken by Anna, Surcoinché ×4');
    expect(document.querySelector('[data-testid=auction-board]')).toBeNull();
  });
});

/** A summary of a coinche deal taken by seat 0 (Anna, team 0) in hearts. */
const summary = (p: Partial<DealSummary>): DealSummary => ({
  outcome: 'made',
  capot: null,
  taker: 0,
  trump: 'H',
  contract: 90,
  coinche: 1,
  points: [92, 70],
  belote: [0, 0],
  announcements: [0, 0],
  written: [182, 70],
  litigePot: 0,
  totals: [182, 70],
  ...p,
});
const props = { number: 3, us: 0 as const, teamNames: ['Us', 'Them'] as [string, string], takerName: 'Anna', onclose: () => {} };
const formula = (team: 0 | 1) => document.querySelector(`[data-team-formula="${team}"]`)!.textContent!.replace(/\s+/g, ' ').trim();

describe('the coinche deal summary', () => {
  it('explains a failed coinched contract: why, each total, what each team writes and how', () => {
    prefs.setLang('en');
    render(DealSummaryView, { ...props, result: summary({ outcome: 'dedans', contract: 100, coinche: 2, belote: [0, 20], written: [0, 560], totals: [0, 560] }) });
    expect(screen.getByTestId('summary-contract').textContent!.replace(/\s+/g, ' ').trim()).toBe('Anna · 100 hearts Coinché ×2');
    expect(screen.getByTestId('summary-why').textContent).toBe('Dedans: 92 falls short of the contract (100).');
    expect(screen.getByRole('row', { name: /^Total\s/ }).textContent).toMatch(/92\s*90/);
    expect(formula(0)).toBe('Us 0');
    expect(formula(1)).toBe('Them (160 all the cards + 20 belote + 100 contract) × 2 = 560');
    // Said as the dialog opens, after its title: the contract, why, what each team writes.
    expect(screen.getByRole('dialog', { name: 'Deal 3' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByRole('dialog', {
        name: 'Deal 3',
        description: 'Dedans. Contract 100 hearts, taken by Anna, Coinché ×2. Dedans: 92 falls short of the contract (100). Written: Us 0, Them 560.',
      }),
    ).toBeTruthy();
  });

  it('explains a litige and, in the next deal, the pot won after the contract', () => {
    prefs.setLang('en');
    const { unmount } = render(DealSummaryView, { ...props, result: summary({ outcome: 'litige', contract: 80, points: [81, 81], written: [0, 81], litigePot: 81, totals: [0, 81] }) });
    expect(screen.getByTestId('summary-why').textContent).toBe("Litige: 81–81. The takers' 81 points are held back for the next deal.");
    unmount();
    render(DealSummaryView, { ...props, potIn: 81, result: summary({ taker: 1, written: [70, 263], totals: [70, 344], points: [70, 92] }) });
    expect(formula(1)).toBe('Them 92 card points + 90 contract + 81 litige pot = 263');
    expect(formula(0)).toBe('Us 70 card points = 70');
  });

  it('speaks French and German with the French words kept (German keeps Contrat too)', async () => {
    prefs.setLang('fr');
    render(DealSummaryView, { ...props, result: summary({ outcome: 'made', contract: 'capot', capot: 0, coinche: 2, points: [162, 0], written: [1000, 0], totals: [1000, 0] }) });
    expect(screen.getByTestId('summary-why').textContent).toBe('Capot\u202f: les preneurs ont fait tous les plis.');
    expect(formula(0)).toBe('Us (250 capot + 250 contrat) × 2 = 1000');
    prefs.setLang('de');
    await Promise.resolve();
    expect(screen.getByTestId('summary-contract').textContent).toContain('Coinché ×2');
    expect(formula(0)).toBe('Us (250 Capot + 250 contrat) × 2 = 1000');
  });

  it('is the classic summary for a classic deal (no contract, no formula)', () => {
    const { contract: _c, coinche: _m, ...classic } = summary({});
    render(DealSummaryView, { ...props, result: classic });
    expect(screen.queryByTestId('summary-why')).toBeNull();
    expect(screen.queryByTestId('summary-how')).toBeNull();
  });
});

describe('the coinche score sheet', () => {
  it('has a contract column with the multiplier, and every deal of a game', () => {
    prefs.setLang('en');
    const { state } = playGame({ variant: 'coinche', target: 3000 }, seededRng('sheet'));
    const history = viewFor(state, 0).history;
    render(ScoreSheet, { props: { history, totals: viewFor(state, 0).totals, pot: 0, target: 3000, us: 0, teamNames: ['Us', 'Them'], coinche: true } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent!.trim())).toEqual(['#', 'Us', 'Them', 'Contract', 'Outcome']);
    expect(history.some((r) => r.outcome === 'redeal') && history.some((r) => (r.coinche ?? 1) > 1)).toBe(true);
    history.forEach((r, i) => {
      const cell = document.querySelector(`[data-contract-cell="${i}"]`)!.textContent!.replace(/\s+/g, ' ').trim();
      if (r.outcome === 'redeal') expect(cell).toBe('–');
      else {
        const names = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
        const value = r.contract === 'capot' ? 'Capot' : String(r.contract);
        expect(cell).toBe(`${value} ${names[r.trump!]}${r.coinche! > 1 ? `×${r.coinche} ${r.coinche === 4 ? 'Surcoinché' : 'Coinché'}` : ''}`);
      }
    });
  });
});

describe('the lobby and the home page', () => {
  it('the lobby names the game', () => {
    prefs.setLang('en');
    const s = auctioned(1, []);
    const u = updateFor(s, 0, 1);
    mounted({ ...u, view: null, table: { ...u.table, status: 'lobby', games: 0 } });
    expect(screen.getByTestId('lobby-rules').textContent).toBe('Coinche · game to 2000');
  });

  it("offers each variant's targets with its default, and creates the table with the variant", async () => {
    prefs.setLang('en');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'no' } }), { status: 500 }));
    render(Home);
    const targets = () => within(screen.getByTestId('targets')).getAllByRole('radio') as HTMLInputElement[];
    expect(targets().map((r) => r.value)).toEqual(['301', '501', '1000', '1001']);
    expect(targets().find((r) => r.checked)!.value).toBe('1000');
    await fireEvent.click(screen.getByRole('radio', { name: 'Coinche' }));
    expect(targets().map((r) => r.value)).toEqual(['501', '1000', '1001', '2000', '3000']);
    expect(targets().find((r) => r.checked)!.value).toBe('2000');
    expect(screen.getByText('When the takers tie the defence')).toBeTruthy();
    await fireEvent.click(screen.getByRole('radio', { name: '3000' }));
    await fireEvent.click(screen.getByTestId('create'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string).rules).toMatchObject({ variant: 'coinche', target: 3000 });
    await fireEvent.click(screen.getByRole('radio', { name: 'Classic Belote' }));
    expect(targets().find((r) => r.checked)!.value).toBe('1000');
  });
});

