/** German: the home page's texts (creating, joining, installing, opening a record), loaded with it. */
import type { HomeDict } from './home-en.js';

export const HOME_DE: HomeDict = {
  tagline: 'Belote mit Freunden — ein Link, vier Plätze.',
  createTable: 'Tisch erstellen',
  announcements: 'Ansagen (Tierce, Quarte…)',
  tieRule: 'Bei 81–81',
  tieDedans: 'Dedans (Nehmer verliert)',
  clockwise: 'Im Uhrzeigersinn',
  turnTimer: 'Zugzeit',
  noTimer: 'Keine',
  seconds: '{n} s',
  fillWithBots: 'Bots füllen leere Plätze',
  botLevel: 'Bot-Stärke',
  easy: 'Leicht',
  strong: 'Stark',
  joinTitle: 'Einem Tisch beitreten',
  joinPlaceholder: 'Einladungslink einfügen',
  join: 'Beitreten',
  creating: 'Wird erstellt…',
  installApp: 'App installieren',
  installHint: 'Belote vom Startbildschirm öffnen, auch offline.',
  offlineHome: 'Du bist offline. Spielprotokolle lassen sich hier öffnen; einen Tisch erstellen oder beitreten braucht die Verbindung.',
  tieRuleCoinche: 'Bei Gleichstand von Spielpartei und Verteidigung',
  openRecord: 'Spielprotokoll öffnen',
  openRecordNote: 'Ein heruntergeladenes Spielprotokoll (.json) ansehen und analysieren. Die Datei wird auf diesem Gerät gelesen; nichts wird hochgeladen.',
  chooseFile: 'Datei wählen',
};
