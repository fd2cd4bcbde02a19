/**
 * The practice pages' texts in English, German and French, loaded with them (not with the first
 * page). German and French are typed against English: a missing key fails the type check.
 */
import { form } from '../lib/i18n.js';
import type { Plural } from '../lib/i18n/plural.js';
import { prefs, t } from '../lib/prefs.svelte.js';

const en = {
  title: 'Practice',
  intro: 'A game against three bots, played on this device: it needs no server and works offline. It is kept here after every card.',
  resume: 'Resume the game in progress',
  resumeNote: '{variant} to {target} · started {date}',
  newGame: 'New practice game',
  partner: 'Your partner',
  opponents: 'Opponents',
  start: 'Play',
  starting: 'Dealing…',
  finished: 'Finished games',
  noFinished: 'No finished practice game yet.',
  won: 'won {us}–{them}',
  lost: 'lost {us}–{them}',
  replay: 'Replay & analysis',
  download: 'Download',
  delete: 'Delete',
  hint: 'Hint',
  hintThinking: 'Thinking…',
  hintTitle: 'The strong bot would play {move}',
  hintBidTitle: 'The strong bot would call {move}',
  // A count: "1 sampled deal", not "1 sampled deals" (a hint late in a deal may have one).
  hintNote: { one: 'Points given away by each choice against the best, from what you know now ({n} sampled deal).', other: 'Points given away by each choice against the best, from what you know now ({n} sampled deals).' } as Plural,
  hintClose: 'Close the hint',
  hintFailed: 'No hint this time: try again',
  takeBack: 'Take back',
  takeBackNote: 'Take back your last card',
  notOnDevice: 'This practice game is not on this device.',
  backToPractice: 'Practice',
  hintsUsed: 'Hints: {n} · cards taken back: {m}',
};

type Texts = typeof en;
type Key = keyof Texts;

const de: Texts = {
  title: 'Üben',
  intro: 'Ein Spiel gegen drei Bots auf diesem Gerät: ohne Server, auch offline. Es wird hier nach jeder Karte gespeichert.',
  resume: 'Laufendes Spiel fortsetzen',
  resumeNote: '{variant} bis {target} · begonnen am {date}',
  newGame: 'Neues Übungsspiel',
  partner: 'Dein Partner',
  opponents: 'Gegner',
  start: 'Spielen',
  starting: 'Es wird gegeben…',
  finished: 'Beendete Spiele',
  noFinished: 'Noch kein beendetes Übungsspiel.',
  won: 'gewonnen {us}–{them}',
  lost: 'verloren {us}–{them}',
  replay: 'Wiederholung & Analyse',
  download: 'Herunterladen',
  delete: 'Löschen',
  hint: 'Tipp',
  hintThinking: 'Denke nach…',
  hintTitle: 'Der starke Bot würde {move} spielen',
  hintBidTitle: 'Der starke Bot würde {move} ansagen',
  hintNote: { one: 'Verschenkte Punkte jeder Wahl gegenüber der besten, nach deinem jetzigen Wissen ({n} ausgeloste Verteilung).', other: 'Verschenkte Punkte jeder Wahl gegenüber der besten, nach deinem jetzigen Wissen ({n} ausgeloste Verteilungen).' },
  hintClose: 'Tipp schließen',
  hintFailed: 'Gerade kein Tipp möglich: Versuch es noch einmal',
  takeBack: 'Zurücknehmen',
  takeBackNote: 'Deine letzte Karte zurücknehmen',
  notOnDevice: 'Dieses Übungsspiel ist nicht auf diesem Gerät.',
  backToPractice: 'Üben',
  hintsUsed: 'Tipps: {n} · zurückgenommene Karten: {m}',
};

const fr: Texts = {
  title: 'Entraînement',
  intro: 'Une partie contre trois robots, sur cet appareil\u202f: sans serveur, hors ligne aussi. Elle est gardée ici après chaque carte.',
  resume: 'Reprendre la partie en cours',
  resumeNote: '{variant} en {target} · commencée le {date}',
  newGame: 'Nouvelle partie d’entraînement',
  partner: 'Votre partenaire',
  opponents: 'Adversaires',
  start: 'Jouer',
  starting: 'On distribue…',
  finished: 'Parties terminées',
  noFinished: 'Aucune partie d’entraînement terminée.',
  won: 'gagnée {us}–{them}',
  lost: 'perdue {us}–{them}',
  replay: 'Revoir et analyser',
  download: 'Télécharger',
  delete: 'Supprimer',
  hint: 'Conseil',
  hintThinking: 'Réflexion…',
  hintTitle: 'Le robot fort jouerait {move}',
  hintBidTitle: 'Le robot fort annoncerait {move}',
  hintNote: { one: 'Points cédés par chaque choix face au meilleur, d’après ce que vous savez maintenant ({n} donne tirée).', other: 'Points cédés par chaque choix face au meilleur, d’après ce que vous savez maintenant ({n} donnes tirées).' },
  hintClose: 'Fermer le conseil',
  hintFailed: 'Pas de conseil cette fois\u202f: réessayez',
  takeBack: 'Reprendre',
  takeBackNote: 'Reprendre votre dernière carte',
  notOnDevice: 'Cette partie d’entraînement n’est pas sur cet appareil.',
  backToPractice: 'Entraînement',
  hintsUsed: 'Conseils\u202f: {n} · cartes reprises\u202f: {m}',
};

const TEXTS = { en, de, fr } as const;

/** A practice text in the current language, `{name}` placeholders filled (the plural form chosen by `{n}`). */
export function pt(key: Key, params: Record<string, string | number> = {}): string {
  return form(prefs.lang, TEXTS[prefs.lang][key], params.n).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The name of a player who never gave one (kept as ''): "You" in the current language (the seat then drops its "· you"). */
export function youName(): string {
  const you = t('you');
  return you.charAt(0).toLocaleUpperCase(prefs.lang) + you.slice(1);
}
