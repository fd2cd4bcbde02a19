import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { withDealInFlight } from '../../test/deal-in-flight.js';
import { spoken } from '../../test/spoken.js';
import { startDeal, stopDeal } from '../lib/deal-flight.js';
import { prefs } from '../lib/prefs.svelte.js';
import BiddingPanel from './BiddingPanel.svelte';
import Seat from './Seat.svelte';
import TurnCue from './TurnCue.svelte';

const info = { seat: 1 as const, name: 'Ben', connected: true, bot: null, botPlaying: false };

describe('Seat', () => {
  it('shows the dealer and taker chips in words, the turn and the timer', async () => {
    prefs.setLang('en');
    const { container } = render(Seat, { info, pos: 'right', team: 1, dealer: true, turn: true, takerSuit: 'H', secondsLeft: 12, cardsLeft: 5 });
    const chip = (name: string): HTMLElement => container.querySelector<HTMLElement>(`[data-chip=${name}]`)!;
    // Words a touch screen shows without a hover title, named in full for screen readers.
    expect(chip('dealer').textContent).toBe('Dealer');
    expect(chip('taker').textContent).toBe('Taker');
    expect(screen.getByTestId('timer').textContent).toBe('12');
    expect(screen.getByTestId('timer').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('timer-spoken').textContent).toBe('12 s left');
    expect(container.querySelector('.seat')!.classList.contains('turn')).toBe(true);
    // The other seats' cards: one image with their count, singular for the last card; not dealt
    // live, the backs come in the frame after the seat's (lib/frame-late.svelte.ts).
    const backs = screen.getByRole('img', { name: '5 cards' });
    expect(backs.children).toHaveLength(0);
    await waitFor(() => expect(backs.children).toHaveLength(5));
  });

  it('shows each announcement declared, two of a kind too (two tierces before the first trick ends)', () => {
    prefs.setLang('en');
    const { container } = render(Seat, { info, pos: 'left', team: 1, cardsLeft: 8, chips: ['Tierce', 'Tierce'] });
    expect([...container.querySelectorAll('.announce')].map((e) => e.textContent)).toEqual(['Tierce', 'Tierce']);
  });

  it('names the first to speak, and counts one card in the singular, in each language', () => {
    prefs.setLang('en');
    const { container } = render(Seat, { info, pos: 'left', team: 1, eldest: true, cardsLeft: 1 });
    const eldest = container.querySelector<HTMLElement>('[data-chip=eldest]')!;
    expect(eldest.querySelector('[aria-hidden=true]')!.textContent).toBe('1st');
    expect(eldest.querySelector('.sr-only')!.textContent).toBe('First to speak');
    expect(screen.getByRole('img', { name: '1 card' })).toBeTruthy();
    prefs.setLang('fr');
    const fr = render(Seat, { info: { ...info, seat: 2 }, pos: 'top', team: 0, dealer: true, eldest: true, cardsLeft: 1 }).container;
    expect(fr.querySelector('[data-chip=dealer]')!.textContent).toBe('Donneur');
    expect(fr.querySelector('[data-chip=eldest] [aria-hidden=true]')!.textContent).toBe('1er');
    expect(within(fr).getByRole('img', { name: '1 carte' })).toBeTruthy();
    prefs.setLang('de');
    const de = render(Seat, { info: { ...info, seat: 3 }, pos: 'right', team: 1, dealer: true, cardsLeft: 3 }).container;
    expect(de.querySelector('[data-chip=dealer]')!.textContent).toBe('Geber');
    expect(within(de).getByRole('img', { name: '3 Karten' })).toBeTruthy();
    prefs.setLang('en');
  });

  it('reads the seat\'s bid right after its own name, before its cards: never next to the following seat\'s name', () => {
    prefs.setLang('en');
    // What a screen reader reads, in order: text, an image's name; nothing hidden from it.
    const spoken = (el: Element): string[] =>
      [...el.childNodes].flatMap((n) => {
        if (n.nodeType === Node.TEXT_NODE) return n.textContent!.trim() ? [n.textContent!.trim()] : [];
        if (!(n instanceof Element) || n.getAttribute('aria-hidden') === 'true') return [];
        return n.getAttribute('role') === 'img' ? [n.getAttribute('aria-label')!] : spoken(n);
      });
    const { container } = render(Seat, { info, pos: 'top', team: 1, relation: 'partner', cardsLeft: 5, bid: { type: 'pass' } });
    render(Seat, { info: { ...info, seat: 2, name: 'Cleo' }, pos: 'left', team: 0, cardsLeft: 5 });
    const read = spoken(document.body);
    // Ben's seat, then Cleo's: Ben's "Pass" follows his name (and what his plate says), not his cards.
    expect(read).toEqual(['Ben', ', your partner', 'Pass', '5 cards', 'Cleo', '5 cards']);
    // It still sits in its own seat (placed under it, as before).
    expect(container.querySelector('.bubble')!.closest('[data-seat]')!.getAttribute('data-seat')).toBe('1');
  });

  it('marks one\'s own seat "· you", unless the name already says so (a practice player named You)', () => {
    prefs.setLang('en');
    const ben = render(Seat, { info, pos: 'bottom', team: 0, isMe: true }).container;
    expect(ben.querySelector('.name')!.textContent).toBe('Ben · you');
    const you = render(Seat, { info: { ...info, name: 'You' }, pos: 'bottom', team: 0, isMe: true }).container;
    expect(you.querySelector('.name')!.textContent).toBe('You');
  });

  it('says when a player is gone and when a bot plays for them', () => {
    prefs.setLang('en');
    render(Seat, { info: { ...info, connected: false }, pos: 'top', team: 1 });
    expect(screen.getByText('disconnected')).toBeTruthy();
    render(Seat, { info: { ...info, connected: false, botPlaying: true }, pos: 'left', team: 1 });
    expect(screen.getByText('bot playing for Ben')).toBeTruthy();
  });

  it('offers an empty seat, and bots to the host at a level of their choice', async () => {
    prefs.setLang('en');
    const onsit = vi.fn();
    const onaddbot = vi.fn();
    render(Seat, { info: { ...info, name: null }, pos: 'left', team: 1, botLevel: 'strong', onsit, onaddbot });
    await fireEvent.click(screen.getByText('Sit here'));
    expect(onsit).toHaveBeenCalledOnce();
    const toggle = screen.getByRole('button', { name: 'Add a bot to seat 2' });
    expect(toggle.textContent).toBe('+ Bot');
    expect(screen.queryByRole('group')).toBeNull();
    await fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const levels = screen.getAllByRole('button', { name: /^Add an? \w+ bot to seat 2$/ });
    expect(levels.map((b) => b.textContent)).toEqual(['Easy', 'Normal', 'Strong']);
    // The table's default level is marked and focused: one more tap (or Enter) adds it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a strong bot to seat 2' }));
    expect(onaddbot).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Add an easy bot to seat 2' }));
    expect(onaddbot).toHaveBeenCalledExactlyOnceWith('easy');
    await fireEvent.keyDown(screen.getByRole('group', { name: 'Bot level for seat 2' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('shows the level on a bot seat, in the chosen language', () => {
    prefs.setLang('de');
    render(Seat, { info: { ...info, name: 'Bot 2', bot: 'strong' }, pos: 'left', team: 1 });
    expect(screen.getByText('Bot · stark')).toBeTruthy();
    prefs.setLang('fr');
    render(Seat, { info: { ...info, seat: 3, name: 'Robot 4', bot: 'easy' }, pos: 'right', team: 1 });
    expect(screen.getByText('robot · facile')).toBeTruthy();
    prefs.setLang('en');
  });
});

describe('BiddingPanel', () => {
  it('round 1: take the retourne suit or pass', async () => {
    prefs.setLang('en');
    const ontake = vi.fn();
    const { container } = render(BiddingPanel, { round: 1, retourne: '9C', ontake, onpass: () => {} });
    // the title shows the group's name: read once
    expect(screen.getByRole('group', { name: 'Your turn' }).querySelector('.bid-title')!.textContent).toBe('Your turn');
    expect(spoken(container)).toBe('Your turn Take clubs Pass');
    await fireEvent.click(screen.getByText('Take'));
    expect(ontake).toHaveBeenCalledWith();
  });

  it('round 2: the three other suits or pass', async () => {
    prefs.setLang('en');
    const ontake = vi.fn();
    const onpass = vi.fn();
    const { container } = render(BiddingPanel, { round: 2, retourne: '9C', ontake, onpass });
    expect(spoken(container)).toBe('Your turn Round 2: choose another suit or pass Take spades Take hearts Take diamonds Pass');
    const suits = screen.getAllByRole('button', { name: /^Take / }).map((b) => b.getAttribute('data-bid'));
    expect(suits).toEqual(['take-S', 'take-H', 'take-D']);
    await fireEvent.click(screen.getByRole('button', { name: 'Take hearts' }));
    expect(ontake).toHaveBeenCalledWith('H');
    await fireEvent.click(screen.getByText('Pass'));
    expect(onpass).toHaveBeenCalledOnce();
  });
});

describe('the bidding at a live deal', () => {
  it('waits, its place kept, until the cards have landed and the retourne has turned; a snapshot shows it at once', async () => {
    prefs.setLang('en');
    // dealer 0: seat 1 (the viewer) is the eldest, first to speak as the cards fly
    await withDealInFlight({ dealer: 0, retourne: true, me: 1 }, async ({ plan, advance }) => {
      const ontake = vi.fn();
      const { container } = render(BiddingPanel, { round: 1, retourne: '9C', ontake, onpass: () => {} });
      const panel = container.querySelector<HTMLElement>('.bid-panel')!;
      // in the page (its place kept), but hidden: app.css's .bid-panel.waiting is visibility: hidden
      expect(panel.querySelector('[data-bid=take]')).not.toBeNull();
      expect(panel.classList.contains('waiting')).toBe(true);
      await advance(plan.ends - 5);
      expect(panel.classList.contains('waiting')).toBe(true);
      await advance(5);
      expect(panel.classList.contains('waiting')).toBe(false);
      // a snapshot replaced the deal in flight (a reconnection): at once
      startDeal(plan, new Map(), 1, [0, 0, 0, 0]);
      stopDeal();
      const again = render(BiddingPanel, { round: 2, retourne: '9C', ontake, onpass: () => {} });
      expect(again.container.querySelector('.bid-panel')!.classList.contains('waiting')).toBe(false);
    });
  });

  it('names each free seat\'s "Sit here" by its team, or where it is for a seated viewer: the screen tells them apart by place and colour only', async () => {
    prefs.setLang('en');
    const free = { seat: 2 as const, name: null, connected: false, bot: null, botPlaying: false };
    render(Seat, { info: free, pos: 'top', team: 0, onsit: () => {} });
    render(Seat, { info: { ...free, seat: 1 }, pos: 'right', team: 1, onsit: () => {} });
    expect(await screen.findByRole('button', { name: 'Sit here, Team A' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sit here, Team B' })).toBeTruthy();
    render(Seat, { info: { ...free, seat: 3 }, pos: 'top', team: 1, relation: 'partner', onsit: () => {} });
    expect(await screen.findByRole('button', { name: 'Sit here, your partner' })).toBeTruthy();
    prefs.setLang('fr');
    render(Seat, { info: { ...free, seat: 0 }, pos: 'left', team: 0, relation: 'left', onsit: () => {} });
    expect(await screen.findByRole('button', { name: 'S’asseoir, à votre gauche' })).toBeTruthy();
    prefs.setLang('en');
  });
});

describe('TurnCue', () => {
  it('shows the seconds left on one’s own turn, red in the last five', async () => {
    prefs.setLang('en');
    const { rerender } = render(TurnCue, { kind: 'mine', secondsLeft: 12 });
    const cue = screen.getByTestId('your-turn');
    expect(cue.textContent).toBe('Your turn · 12');
    expect(cue.classList.contains('urgent')).toBe(false);
    await rerender({ kind: 'mine', secondsLeft: 4 });
    expect(screen.getByTestId('your-turn').classList.contains('urgent')).toBe(true);
    await rerender({ kind: 'waiting', name: 'Ben' });
    expect(screen.queryByTestId('your-turn')).toBeNull();
    expect(screen.getByText('Waiting for Ben')).toBeTruthy();
  });
});
