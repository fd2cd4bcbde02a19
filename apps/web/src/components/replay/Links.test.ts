/**
 * The ways into the replay: the home page's "open a game record" (read in the browser, then
 * /replay), the score sheet's deal numbers, the game-over dialog and the menu's game record.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { playGame, seededRng } from '@belote/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import { openedRecord } from '../../lib/replay/record-source.js';
import { botRecord } from '../../../test/records.js';
import { router } from '../../lib/router.svelte.js';
import GameInfo from '../GameInfo.svelte';
import GameOver from '../GameOver.svelte';
import Home from '../Home.svelte';
import ScoreSheet from '../ScoreSheet.svelte';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
afterEach(() => sessionStorage.clear());

describe('into the replay', () => {
  it('opens a record file from the home page without sending it anywhere', async () => {
    prefs.setLang('en');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const go = vi.spyOn(router, 'go').mockImplementation(() => {});
    render(Home);
    // The analysis worker's script is fetched ahead, once, so a file opened offline is analysed too.
    const prefetch = () => [...document.head.querySelectorAll('link[rel=prefetch]')].map((l) => l.getAttribute('href'));
    expect(prefetch()).toHaveLength(1);
    expect(prefetch()[0]).toMatch(/analysis\.worker/);
    render(Home);
    expect(prefetch()).toHaveLength(1);
    const input = screen.getAllByTestId('open-record')[0] as HTMLInputElement;
    expect(screen.getAllByLabelText('Choose a file')[0]).toBe(input);
    const rec = botRecord('home');
    await fireEvent.change(input, { target: { files: [new File([JSON.stringify(rec)], 'mine.json')] } });
    await waitFor(() => expect(go).toHaveBeenCalledWith('/replay'));
    expect(openedRecord()!.record.deals).toHaveLength(rec.deals.length);
    // A file that is no record: its problem, and no navigation.
    go.mockClear();
    await fireEvent.change(input, { target: { files: [new File(['{"deals":"x"}'], 'bad.json')] } });
    expect((await screen.findByTestId('open-record-error')).textContent).toMatch(/^This file is not a game record: deals/);
    expect(go).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    go.mockRestore();
    fetchSpy.mockRestore();
  });

  it('links each finished deal of the score sheet, the game-over dialog and the menu (new tab)', () => {
    const { state } = playGame({ target: 301 }, seededRng(7));
    const history = state.deals.map((d) => d.result!);
    // `props:` explicitly: `target` would otherwise be read as the mount target.
    render(ScoreSheet, { props: { history, totals: [0, 0], pot: 0, target: 301, us: 0, teamNames: ['Us', 'Them'], replayHref: (n: number) => `/t/${ID}/replay?game=0&deal=${n}` } });
    const links = document.querySelectorAll<HTMLAnchorElement>('[data-replay-deal]');
    expect(links).toHaveLength(history.length);
    expect(links[1]!.getAttribute('href')).toBe(`/t/${ID}/replay?game=0&deal=2`);
    expect(links[1]!.getAttribute('aria-label')).toBe('Replay deal 2');
    expect(links[1]!.target).toBe('_blank');
    render(GameOver, { winner: 0, totals: [310, 200], us: 0, teamNames: ['Us', 'Them'], isHost: false, player: true, onrematch: () => {}, onclose: () => {}, replayHref: `/t/${ID}/replay?game=0` });
    expect(screen.getByTestId('replay-link').getAttribute('href')).toBe(`/t/${ID}/replay?game=0`);
    render(GameInfo, { tableId: ID, commitment: null, game: 3 });
    expect(screen.getByTestId('replay-menu-link').textContent).toBe('Replay & analysis');
    expect(screen.getByTestId('replay-menu-link').getAttribute('href')).toBe(`/t/${ID}/replay?game=3`);
  });
});
