/**
 * The home page's texts (creating, joining, installing, opening a record), loaded with it (lib/i18n.ts). German and French give the same keys
 * (home-de.ts, home-fr.ts), typed by `HomeDict`.
 */
import type { DictOf } from './en.js';
import type { Plural } from './plural.js';

export const HOME_EN = {
  tagline: 'Play Belote with friends — one link, four seats.',
  createTable: 'Create a table',
  announcements: 'Announcements (tierce, quarte…)',
  tieRule: 'On an 81–81 tie',
  tieLitige: 'Litige (points held back)',
  tieDedans: 'Dedans (taker loses)',
  direction: 'Direction of play',
  counterclockwise: 'Counterclockwise',
  clockwise: 'Clockwise',
  variant: 'Game',
  turnTimer: 'Turn timer',
  noTimer: 'None',
  seconds: '{n} s',
  fillWithBots: 'Bots fill empty seats',
  botLevel: 'Bot level',
  easy: 'Easy',
  strong: 'Strong',
  joinTitle: 'Join a table',
  joinPlaceholder: 'Paste an invite link',
  join: 'Join',
  creating: 'Creating…',
  installApp: 'Install the app',
  installHint: 'Open Belote from your home screen, even offline.',
  offlineHome: 'You are offline. Game records still open here; creating or joining a table needs the connection.',
  tieRuleCoinche: 'When the takers tie the defence',
  openRecord: 'Open a game record',
  openRecordNote: 'Replay and analyse a downloaded game record (.json). The file is read on this device; nothing is uploaded.',
  chooseFile: 'Choose a file',
  allowHints: 'Allow hints (the strong bot’s advice, for everyone at the table)',
  practiceNote: 'Three bots, on this device: no server, works offline, with hints and take-backs.',
  practiceOpen: 'Practice',
  practiceTitle: 'Practice against the computer',
  // A refused request (i18n.ts `errorText`): the home page's, and the table's (loaded with its later parts,
  // or at once by a notice that comes before them: TableView);
  // the commonest are in the core section, the chat's in the chat section.
  err_BAD_REQUEST: 'The server did not understand that request',
  err_PROTOCOL_MISMATCH: 'A new version is out: reload the page',
  err_NO_SUCH_TABLE: 'This table does not exist (any more)',
  err_BAD_TOKEN: 'Your seat was given up (on another device, or by the host): sit down again to play',
  // BAD_TOKEN's notice while a game is on (TableView): the seat can be taken again only after it.
  err_BAD_TOKEN_inGame: 'Your seat was given up (on another device, or by the host): you can sit down again after this game',
  err_NOT_SEATED: 'Take a seat first',
  err_ALREADY_SEATED: 'You already have a seat',
  err_GAME_NOT_STARTED: 'The game has not started yet',
  err_STALE_VERSION: 'The table had moved on: try again',
  err_WRITE_CONFLICT: 'Two changes came at once: try again',
  err_NOT_FOUND: 'Not found',
  err_TOO_MANY_SOCKETS: 'Too many connections to this table: close another tab',
  err_ORIGIN_NOT_ALLOWED: 'This site may not use the server',
  err_UNSUPPORTED_MEDIA_TYPE: 'The server did not accept that request',
  err_INTERNAL: 'Something went wrong on the server: try again',
  err_CARD_NOT_IN_HAND: 'That card is not in your hand',
  err_ILLEGAL_CARD: 'That card may not be played now',
  err_ILLEGAL_BID: 'That bid is not allowed',
  err_WRONG_PHASE: 'Not possible at this point of the deal',
  err_BAD_DECK: 'The deck is not valid',
  err_BAD_DEALER: 'The dealer is not valid',
  err_GAME_OVER: 'The game is over',
  // also the table menu's (the table's later parts load this section)
  language: 'Language',
} as const satisfies Record<string, string | Plural>;

export type HomeDict = DictOf<typeof HOME_EN>;
