/**
 * Words for the replay: seat names, what happened at a step (shown under the table and read
 * by screen readers), and how a bid or card option is written.
 */
import { bidKey, callKey } from '@belote/bots';
import { assertNever, type Action, type Rank, type ReplayFrame, type Seat, type Suit } from '@belote/rules';
import { SUIT_SYMBOL, cardLabel, combinationKey, outcomeKey, rankLetter, translate, type Lang, type MessageKey, type Params } from '../i18n.js';

/** Display names by seat, and the seat the reader played (a practice game's player), if any: its sentences say "you". */
export type Names = [string, string, string, string] & { you?: Seat | null };

/** "You" as a label in the language read ("Vous", "Du"): the table's own word, capitalised. */
export function youLabel(lang: Lang): string {
  const you = translate(lang, 'you');
  return you.charAt(0).toLocaleUpperCase(lang) + you.slice(1);
}

/**
 * Display names by seat: the record's, else "Seat n"; `you` the seat spoken to in the second
 * person, labelled "You" in the language read whatever name the record stored (a practice file
 * saved in English and read in French says "Vous", as its sentences do).
 */
export function seatNames(players: readonly (string | null)[], lang: Lang, you: Seat | null = null): Names {
  return Object.assign([0, 1, 2, 3].map((s) => (s === you ? youLabel(lang) : players[s]?.trim() || translate(lang, 'seatN', { n: s + 1 }))), { you }) as Names;
}

/** The keys of a sentence about a seat that has a second-person form `<key>You` (the same text without {name}). */
export type SeatKey = { [K in MessageKey]: `${K}You` extends MessageKey ? K : never }[MessageKey];

/**
 * A sentence about `seat`: its own words in the second person when it is the reader's seat
 * (each language's grammar: "you were", "vous pouviez", "du konntest"), else with its name.
 */
export function aboutSeat<K extends SeatKey>(lang: Lang, key: K, seat: Seat, names: Names, params: Omit<Params<K>, 'name'>): string {
  const own = names.you === seat;
  // The second-person text has the same placeholders but {name}: the name given to both is left unused there.
  return translate(lang, (own ? `${key}You` : key) as K, ...([{ ...params, name: names[seat] }] as never));
}

/**
 * Team names from the players: "Ann & Cid"; the reader's team starts with its "You" ("You & Bot 3",
 * "Vous & Bot 3", "Du & Bot 3"), never "Bot 2 & You". (Not the table's "Us"/"Them": the replay's
 * sentences use a team's name as a plural subject, "{team} score 20", "{team} marquent 20".)
 */
export function teamNames(names: Names, lang: Lang): [string, string] {
  const team = (a: Seat, b: Seat) => translate(lang, 'playerTeams', names.you === b ? { a: names[b], b: names[a] } : { a: names[a], b: names[b] });
  return [team(0, 2), team(1, 3)];
}

/**
 * A team's name inside a sentence: the reader's team as "you & Bot 3", "vous & Bot 3", "dich &
 * Bot 3" (the sentences that name a team are written so that this form fits: no verb agreeing
 * with it in French, after „für“ in German); any other team as its label (teamNames).
 */
export function teamInText(names: Names, lang: Lang, team: 0 | 1): string {
  const you = names.you;
  if (you === null || you === undefined || you % 2 !== team) return teamNames(names, lang)[team];
  return translate(lang, 'youTeamInText', { partner: names[((you + 2) % 4) as Seat] });
}

/** A card as printed: rank and suit symbol ("10♥"), court cards by the language's letter ("R♥" in French) as on the table's cards. */
export const cardText = (card: string, lang: Lang): string => `${rankLetter(lang, card.slice(0, -1) as Rank)}${SUIT_SYMBOL[card.slice(-1) as Suit]}`;

/** A coinche contract as printed ("100 ♥", "Capot ♠") or spoken ("100 hearts"). */
function contractText(value: string, suit: Suit, lang: Lang, spoken: boolean): string {
  const v = value === 'capot' ? translate(lang, 'capot') : value;
  return `${v} ${spoken ? translate(lang, suit) : SUIT_SYMBOL[suit]}`;
}

/** A coinche call key (`bid:100:H`, `coinche`, `surcoinche`) as printed or spoken; null for other keys. */
function callText(option: string, lang: Lang, spoken: boolean): string | null {
  if (option === 'coinche' || option === 'surcoinche') return translate(lang, option);
  const m = /^bid:(\d+|capot):([SHDC])$/.exec(option);
  return m ? contractText(m[1]!, m[2] as Suit, lang, spoken) : null;
}

/**
 * An analysis option as printed: a card "A♠"; a classic bid "Pass", "Take ♥"; a coinche call
 * "100 ♥", "Coinche".
 */
export function optionText(option: string, lang: Lang, retourneSuit: Suit): string {
  if (option === 'pass') return translate(lang, 'pass');
  const call = callText(option, lang, false);
  if (call) return call;
  if (option === 'take') return `${translate(lang, 'take')} ${SUIT_SYMBOL[retourneSuit]}`;
  if (option.startsWith('take:')) return `${translate(lang, 'take')} ${SUIT_SYMBOL[option.slice(5) as Suit]}`;
  return cardText(option, lang);
}

/** An analysis option in words, for screen readers. */
export function optionSpeech(option: string, lang: Lang, retourneSuit: Suit): string {
  if (option === 'pass') return translate(lang, 'pass');
  const call = callText(option, lang, true);
  if (call) return call;
  if (option === 'take' || option.startsWith('take:')) return `${translate(lang, 'take')} ${translate(lang, option === 'take' ? retourneSuit : (option.slice(5) as Suit))}`;
  return cardLabel(lang, option);
}

/** The option key of an action (a card, a classic bid key, a coinche call key), as the analysis names it. */
export function actionKey(a: Action): string {
  switch (a.type) {
    case 'play':
      return a.card;
    case 'pass':
    case 'take':
      return bidKey(a);
    case 'bid':
      return callKey({ type: 'bid', value: a.value, suit: a.suit });
    case 'coinche':
    case 'surcoinche':
      return callKey({ type: a.type });
    default:
      return assertNever(a);
  }
}

/** What happened at this step, in sentences. */
export function captionOf(frame: ReplayFrame, names: Names, lang: Lang): string {
  const deal = frame.view.deal!;
  const parts: string[] = [];
  const a = frame.action;
  if (!a)
    parts.push(
      deal.retourne
        ? aboutSeat(lang, 'dealtBy', deal.dealer, names, { card: cardLabel(lang, deal.retourne) })
        : aboutSeat(lang, 'dealtPlain', deal.dealer, names, {}),
    );
  else {
    switch (a.type) {
      case 'pass':
        parts.push(aboutSeat(lang, 'passes', a.seat, names, {}));
        break;
      case 'take':
        parts.push(aboutSeat(lang, 'takesSuit', a.seat, names, { suit: translate(lang, a.suit ?? (deal.retourne!.slice(-1) as Suit)) }));
        break;
      case 'bid':
        parts.push(aboutSeat(lang, 'bidsCall', a.seat, names, { contract: contractText(String(a.value), a.suit, lang, true) }));
        break;
      case 'coinche':
      case 'surcoinche':
        parts.push(translate(lang, 'labelled', { label: names[a.seat], value: translate(lang, a.type === 'coinche' ? 'coincheCall' : 'surcoincheCall') }));
        break;
      case 'play':
        parts.push(aboutSeat(lang, 'plays', a.seat, names, { card: cardLabel(lang, a.card) }));
        break;
      default:
        assertNever(a);
    }
  }
  for (const e of frame.events) {
    if (e.type === 'belote') parts.push(translate(lang, e.call));
    else if (e.type === 'announcementsDeclared') {
      const list = e.declarations.filter((d) => d.kinds.length).map((d) => translate(lang, 'labelled', { label: names[d.seat], value: d.kinds.map((k) => translate(lang, combinationKey(k))).join(', ') }));
      if (list.length) parts.push(translate(lang, 'announced', { list: list.join('; ') }));
    }
    else if (e.type === 'announcementsShown')
      parts.push(
        e.team === null
          ? translate(lang, 'announcementsNobody')
          : translate(lang, 'announcementsTo', { team: teamInText(names, lang, e.team), points: e.combinations.reduce((a, c) => a + c.combination.points, 0) }),
      );
    else if (e.type === 'trickWon') parts.push(aboutSeat(lang, 'winsTrick', e.winner, names, { n: e.points }));
    else if (e.type === 'redeal') parts.push(translate(lang, 'redealAll'));
    else if (e.type === 'dealScored' && e.result.outcome !== 'redeal') parts.push(translate(lang, e.result.capot !== null ? 'capot' : outcomeKey(e.result.outcome)));
  }
  return parts.join('. ');
}
