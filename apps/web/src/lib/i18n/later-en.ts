/**
 * Texts of the table's later parts (dialogs, the deal summary and its coinche formulas, the score sheet, the game record), loaded with them (components/parts.ts) and with the replay (lib/i18n.ts). German and French give the same keys
 * (later-de.ts, later-fr.ts), typed by `LaterDict`.
 */
import type { DictOf, Plural } from './en.js';

export const LATER_EN = {
  yourName: 'Your name',
  cancel: 'Cancel',
  written: 'Written',
  outcome: 'Outcome',
  totals: 'Totals',
  pot: 'Litige pot',
  cardPoints: 'Card points',
  announcementsRow: 'Announcements',
  dealSummary: 'Deal {n}',
  continue: 'Continue',
  winner: '{team} win!',
  weWin: 'You win!',
  weLose: 'You lose',
  waitingRematch: 'Waiting for the host to start a rematch',
  noDeals: 'No deal finished yet',
  gameInfo: 'Game record',
  downloadRecord: 'Download game record',
  nextDealIn: 'Next deal in {n} s',
  thisDeal: 'This deal',
  noBidYet: 'No bid yet',
  coinchedBy: '{word} ×{m} by {name}',
  contractSpokenBid: 'Highest bid: {value} {suit} by {name}',
  totalRow: 'Total',
  why_reached: 'Made: {total} reaches the contrat ({contract}) and beats the defence ({defence}).',
  why_short: 'Dedans: {total} falls short of the contrat ({contract}).',
  why_outscored: 'Dedans: the defence has {defence}, the takers {total}.',
  why_tieCoinched: 'Dedans: a {total}–{defence} tie on a coinched contrat.',
  why_tieDedans: 'Dedans: a {total}–{defence} tie (ties are dedans at this table).',
  why_tieLitige: 'Litige: {total}–{defence}. The takers\' {pot} points are held back for the next deal.',
  why_takersCapot: 'Capot: the takers took every trick.',
  why_defendersCapot: 'Dedans: the defence took every trick.',
  why_capotFailed: 'Dedans: a capot bid needs every trick.',
  term_points: 'card points',
  term_belote: 'belote',
  term_announcements: 'announcements',
  term_all160: 'all the cards',
  term_capot: 'capot',
  term_pot: 'litige pot',
  dealScore: { one: '{points} points, {n} trick', other: '{points} points, {n} tricks' },
  hintsAllowed: 'Hints allowed by the host: each player may ask the strong bot for advice on their own turn.',
} as const satisfies Record<string, string | Plural>;

export type LaterDict = DictOf<typeof LATER_EN>;
