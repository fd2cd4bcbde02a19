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
  tieDedans: 'Dedans (taker loses)',
  clockwise: 'Clockwise',
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
} as const satisfies Record<string, string | Plural>;

export type HomeDict = DictOf<typeof HOME_EN>;
