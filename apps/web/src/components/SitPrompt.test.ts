import type { Snapshot } from '@belote/protocol/client';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { TABLE_ID, dealt, updateFor } from '../../test/fixtures.js';
import { connected } from '../../test/transport.js';
import { NO_ANSWER, NOT_CONNECTED } from '../lib/local-errors.js';
import { prefs } from '../lib/prefs.svelte.js';
import TableView from './TableView.svelte';

/** A lobby seen as a spectator, seat 2 free (and, seated there, as its player). */
function lobby(seated = false): Snapshot {
  const u = updateFor(dealt(1), seated ? 2 : 'spectator', 1);
  const seats = u.table.seats.map((s) => (s.seat === 2 && !seated ? { ...s, name: null } : s)) as typeof u.table.seats;
  return { ...u, view: null, table: { ...u.table, status: 'lobby', games: 0, seats } };
}

/** Opens the prompt of seat 2, types `name` and presses "Sit". */
async function sitAs(name: string): Promise<void> {
  await fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-sit="2"]')!));
  await fireEvent.input(await screen.findByTestId('name-input'), { target: { value: name } });
  await fireEvent.click(screen.getByTestId('sit-confirm'));
}

const typed = (): string | undefined => screen.queryByTestId<HTMLInputElement>('name-input')?.value;

describe('the name prompt to take a seat', () => {
  it('pressed while the connection is down: stays open with the name and says why; once it is back, pressing again sits', async () => {
    prefs.setLang('en');
    let up = false;
    const { client, t } = connected(lobby(), { sit: () => (up ? { ok: true, seat: 2, token: 'tok' } : { ok: false, error: { code: 'INTERNAL', message: NOT_CONNECTED } }) });
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    t.on().status('disconnected');
    await sitAs('Cleo');
    expect(typed()).toBe('Cleo');
    expect((await screen.findByTestId('sit-refused')).textContent).toBe('Not connected: nothing was sent. Reconnecting…');
    expect(screen.queryByTestId('notice')).toBeNull(); // said once, in the prompt
    // Back: the reason goes; the same press sits and closes the prompt.
    up = true;
    t.on().status('connected');
    await tick();
    expect(screen.queryByTestId('sit-refused')).toBeNull();
    expect(typed()).toBe('Cleo');
    await fireEvent.click(screen.getByTestId('sit-confirm'));
    await waitFor(() => expect(typed()).toBeUndefined());
    expect(t.sent.filter((m) => m.event === 'sit').map((m) => (m.payload as { name: string }).name)).toEqual(['Cleo', 'Cleo']);
  });

  it('a sit whose answer was lost: open with the name, saying so, until the reconnection shows the seat taken by it', async () => {
    prefs.setLang('en');
    const { client, t } = connected(lobby(), { sit: { ok: false, error: { code: 'INTERNAL', message: NO_ANSWER } } });
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await sitAs('Cleo');
    expect((await screen.findByTestId('sit-refused')).textContent).toBe('No answer from the server: reconnecting to see whether it was done');
    expect(typed()).toBe('Cleo');
    t.on().status('disconnected');
    t.on().status('connected');
    t.on().snapshot({ ...lobby(true), seq: 2, version: 2 });
    await waitFor(() => expect(typed()).toBeUndefined());
  });

  it("takes a name by the server's rule: no Sit for one it would refuse; a phone's no-break spaces sent as plain ones", async () => {
    prefs.setLang('en');
    const { client, t } = connected(lobby(), { sit: { ok: true, seat: 2, token: 'tok' } });
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-sit="2"]')!));
    const input = await screen.findByTestId<HTMLInputElement>('name-input');
    const sit = screen.getByTestId<HTMLButtonElement>('sit-confirm');
    const why = () => screen.queryByTestId('name-why')?.textContent ?? null;
    for (const [value, reason] of [['...', 'A name needs a letter or a digit'], ['-_-', 'A name needs a letter or a digit'], ['\u0301', 'A name needs a letter or a digit'], ['   ', null], ['<b>', "Letters, digits, spaces and . ' _ - only"]] as const) {
      await fireEvent.input(input, { target: { value } });
      expect(sit.disabled, JSON.stringify(value)).toBe(true);
      // why Sit waits, tied to the field (an empty one says it by itself)
      expect(why(), JSON.stringify(value)).toBe(reason);
      expect(input.getAttribute('aria-describedby')).toBe(reason === null ? null : 'name-why');
    }
    // 13 क़ fit the field's maxlength (13 UTF-16 units), but NFC makes each two code points: 26
    await fireEvent.input(input, { target: { value: '\u0958'.repeat(13) } });
    expect(sit.disabled).toBe(true);
    expect(why()).toBe('At most 24 characters');
    await fireEvent.input(input, { target: { value: '<b>' } });
    prefs.setLang('fr');
    await tick();
    expect(why()).toBe('Lettres, chiffres, espaces et . ’ _ - seulement');
    prefs.setLang('en');
    await fireEvent.input(input, { target: { value: ' Jean\u00a0\u202fPaul\u00a0' } });
    expect(sit.disabled).toBe(false);
    await fireEvent.click(sit);
    await waitFor(() => expect(typed()).toBeUndefined());
    expect(t.sent.filter((m) => m.event === 'sit').map((m) => (m.payload as { name: string }).name)).toEqual(['Jean Paul']);
  });

  it('a refused sit (the seat just taken) stays open with the name and says why', async () => {
    prefs.setLang('en');
    const { client } = connected(lobby(), { sit: { ok: false, error: { code: 'SEAT_TAKEN', message: 'seat 2 is taken' } } });
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await sitAs('Cleo');
    expect((await screen.findByTestId('sit-refused')).textContent).toBe('Someone just took that seat');
    expect(typed()).toBe('Cleo');
  });
});
