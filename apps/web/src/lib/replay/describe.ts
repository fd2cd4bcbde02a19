/**
 * Words for the replay: seat names, what happened at a step (shown under the table and read
 * by screen readers), and how a bid or card option is written.
 */
import type { ReplayFrame, Suit } from '@belote/rules';
import { SUIT_SYMBOL, cardLabel, combinationKey, outcomeKey, translate, type Lang } from '../i18n.js';

export type Names = [string, string, string, string];

/** Display names by seat: the record's, else "Seat n". */
export function seatNames(players: readonly (string | null)[], lang: Lang): Names {
  return [0, 1, 2, 3].map((s) => players[s]?.trim() || translate(lang, 'seatN', { n: s + 1 })) as Names;
}

/** Team names from the players: "Ann & Cid". */
export function teamNames(names: Names, lang: Lang): [string, string] {
  return [translate(lang, 'playerTeams', { a: names[0], b: names[2] }), translate(lang, 'playerTeams', { a: names[1], b: names[3] })];
}

/** A card as printed: rank and suit symbol ("10♥"). */
export const cardText = (card: string): string => `${card.slice(0, -1)}${SUIT_SYMBOL[card.slice(-1) as Suit]}`;

/** An analysis option (a card or a bid key) as printed: "A♠", "Pass", "Take ♥". */
export function optionText(option: string, lang: Lang, retourneSuit: Suit): string {
  if (option === 'pass') return translate(lang, 'pass');
  if (option === 'take') return `${translate(lang, 'take')} ${SUIT_SYMBOL[retourneSuit]}`;
  if (option.startsWith('take:')) return `${translate(lang, 'take')} ${SUIT_SYMBOL[option.slice(5) as Suit]}`;
  return cardText(option);
}

/** An analysis option in words, for screen readers. */
export function optionSpeech(option: string, lang: Lang, retourneSuit: Suit): string {
  if (option === 'pass') return translate(lang, 'pass');
  if (option === 'take' || option.startsWith('take:')) return `${translate(lang, 'take')} ${translate(lang, option === 'take' ? retourneSuit : (option.slice(5) as Suit))}`;
  return cardLabel(lang, option);
}

/** What happened at this step, in sentences. */
export function captionOf(frame: ReplayFrame, names: Names, lang: Lang): string {
  const deal = frame.view.deal!;
  const parts: string[] = [];
  const a = frame.action;
  if (!a) parts.push(translate(lang, 'dealtBy', { name: names[deal.dealer], card: cardLabel(lang, deal.retourne) }));
  else if (a.type === 'pass') parts.push(translate(lang, 'passes', { name: names[a.seat] }));
  else if (a.type === 'take') parts.push(translate(lang, 'takesSuit', { name: names[a.seat], suit: translate(lang, a.suit ?? (deal.retourne.slice(-1) as Suit)) }));
  else parts.push(translate(lang, 'plays', { name: names[a.seat], card: cardLabel(lang, a.card) }));
  for (const e of frame.events) {
    if (e.type === 'belote') parts.push(translate(lang, e.call));
    else if (e.type === 'announcementsDeclared') {
      const list = e.declarations.filter((d) => d.kinds.length).map((d) => `${names[d.seat]}: ${d.kinds.map((k) => translate(lang, combinationKey(k))).join(', ')}`);
      if (list.length) parts.push(translate(lang, 'announced', { list: list.join('; ') }));
    }
    else if (e.type === 'announcementsShown')
      parts.push(
        e.team === null
          ? translate(lang, 'announcementsNobody')
          : translate(lang, 'announcementsTo', { team: teamNames(names, lang)[e.team], points: e.combinations.reduce((a, c) => a + c.combination.points, 0) }),
      );
    else if (e.type === 'trickWon') parts.push(translate(lang, 'winsTrick', { name: names[e.winner], n: e.points }));
    else if (e.type === 'redeal') parts.push(translate(lang, 'redealAll'));
    else if (e.type === 'dealScored' && e.result.outcome !== 'redeal') parts.push(translate(lang, e.result.capot !== null ? 'capot' : outcomeKey(e.result.outcome)));
  }
  return parts.join('. ');
}
