/**
 * English texts: the reference set of keys, in sections loaded when a page needs them
 * (lib/i18n.ts): the core here (the table's first screen and what every page shows), the home
 * page's (home-en.ts), the table's later parts' (later-en.ts), the replay's (replay-en.ts) and
 * the chat's (chat-en.ts). A text is a string with `{name}` placeholders,
 * or, when it counts something, one string per plural category of `Intl.PluralRules`
 * (`other` required) with the count in `{n}`. German and French must give every key in the
 * same shape (see `Dict`), so a missing translation fails the type check.
 */
import type { CHAT_EN } from './chat-en.js';
import type { HOME_EN } from './home-en.js';
import type { LATER_EN } from './later-en.js';
import type { Plural } from './plural.js';
import type { REPLAY_EN } from './replay-en.js';
import { TERMS } from './terms.js';

export const en = {
  ...TERMS,
  appName: 'Belote',
  target: 'Game to',
  normal: 'Normal',
  invite: 'Invite',
  inviteLink: 'Invite link',
  copy: 'Copy link',
  copied: 'Link copied',
  share: 'Share',
  spectators: { one: '{n} watching', other: '{n} watching' },
  takeSeat: 'Sit here',
  sit: 'Sit',
  stand: 'Leave seat',
  start: 'Start the game',
  waitingPlayers: 'Waiting for players…',
  waitingHost: 'Waiting for the host to start',
  addBot: '+ Bot',
  removeBot: 'Remove bot',
  addBotTo: 'Add a bot to seat {n}',
  botLevelFor: 'Bot level for seat {n}',
  addBotEasy: 'Add an easy bot to seat {n}',
  addBotNormal: 'Add a normal bot to seat {n}',
  addBotStrong: 'Add a strong bot to seat {n}',
  empty: 'Empty seat',
  you: 'you',
  us: 'Us',
  them: 'Them',
  team0: 'Team A',
  team1: 'Team B',
  dealer: 'Dealer',
  eldest: 'First to speak',
  eldestShort: '1st',
  taker: 'Taker',
  trump: 'Trump',
  trumpIs: 'Trump: {suit}',
  // A label and its value (the language's punctuation: French puts a narrow no-break space before the colon); the trick's cards say who played them with it.
  labelled: '{label}: {value}',
  trumpTakenBy: 'Trump: {suit}, taken by {name}',
  take: 'Take',
  pass: 'Pass',
  passed: 'Pass',
  yourTurn: 'Your turn',
  waitingFor: 'Waiting for {name}',
  bot: 'bot',
  botEasy: 'bot · easy',
  botNormal: 'bot · normal',
  botStrong: 'bot · strong',
  botPlayingFor: 'bot playing for {name}',
  disconnected: 'disconnected',
  notConnected: 'Not connected: nothing was sent. Reconnecting…',
  noAnswer: 'No answer from the server: reconnecting to see whether it was done',
  offline: 'Reconnecting…',
  spectating: 'You are watching',
  lastTrick: 'Last trick',
  scoreSheet: 'Score sheet',
  close: 'Close',
  deal: 'Deal',
  nextGame: 'Next game',
  waitingNextGame: 'Waiting for the host to start the next game',
  tableSettings: 'Table settings',
  betweenGames: 'Change seats or settings, then start the next game',
  settings: 'Settings',
  timeLeft: '{n} s left',
  home: 'Home',
  tableNotFound: 'This table does not exist (or has ended).',
  reloadPage: 'A new version of Belote is out: please reload the page.',
  // The app on the device: sound, turn cues, installing, offline, a new version.
  updateReady: 'A new version of Belote is installed.',
  updateReload: 'Reload',
  pageLoadFailed: 'This page could not load. Check the connection and try again.',
  retry: 'Try again',
  playable: 'playable',
  notPlayable: 'not playable',
  hand: 'Your hand',
  trickArea: 'Trick on the table',
  retourne: 'Turned-up card',
  cardsLeft: { one: '{n} card', other: '{n} cards' },
  must_follow: 'You must follow {suit}',
  must_follow_trumps: 'You must follow trumps',
  must_overtrump: 'You must overtrump',
  must_trump: 'You must trump',
  must_undertrump: 'You must trump, even lower',
  notYourTurn: 'Not your turn',
  error: 'Something went wrong: {message}',
  err_SEAT_TAKEN: 'Someone just took that seat',
  err_NOT_ENOUGH_PLAYERS: 'Four players are needed to start',
  err_RATE_LIMITED: 'Slow down a little',
  err_GAME_IN_PROGRESS: 'The game has already started',
  err_NOT_HOST: 'Only the host can do that',
  yourPartner: 'your partner',
  onYourLeft: 'on your left',
  onYourRight: 'on your right',
  gameTo: 'game to {n}',
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  r7: 'seven',
  r8: 'eight',
  r9: 'nine',
  r10: 'ten',
  rJ: 'jack',
  rQ: 'queen',
  rK: 'king',
  rA: 'ace',
  cardName: '{rank} of {suit}',
  letterJ: 'J',
  letterQ: 'Q',
  letterK: 'K',
  letterA: 'A',
  // Coinche (the calls Coinche, Surcoinche are in terms.ts)
  variantClassic: 'Classic Belote',
  lobbyRules: '{variant} · game to {target}',
  contractSpoken: 'Contract {value} {suit}, taken by {name}',
  // One's own seat after "by" in a sentence ("taken by you", "Coinché ×2 by you").
  byYou: 'you',
  // Replay and analysis (issue 13).
  notARecord: 'This file is not a game record: {detail}',
} as const satisfies Record<string, string | Plural>;

/** A section's texts in another language: every key, a string where English has a string and plural forms where it has them. */
export type DictOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : Plural };
/** Every text of every section. */
export type Texts = typeof en & typeof HOME_EN & typeof LATER_EN & typeof REPLAY_EN & typeof CHAT_EN;
export type MessageKey = keyof Texts;
/** The core texts in another language. */
export type Dict = DictOf<typeof en>;
