/**
 * Why a tapped card may not be played, in the player's language. The rule itself comes
 * from @belote/rules (`refusalReason`); this module only translates its message.
 */
import { cardId, maskOf, refusalReason, suitId, type Card, type Suit } from '@belote/rules';
import { translate, type Lang } from './i18n.js';

export interface Refusal {
  card: Card;
  /** The engine's own message ("must overtrump: holds JH"), or `notYourTurn`. */
  rule: string;
}

const FOLLOW = /^must follow (spades|hearts|diamonds|clubs)/;
const SUIT_BY_NAME: Record<string, Suit> = { spades: 'S', hearts: 'H', diamonds: 'D', clubs: 'C' };

/** Translate one of the engine's refusal messages. */
export function translateRefusal(lang: Lang, rule: string): string {
  if (rule === 'notYourTurn') return translate(lang, 'notYourTurn');
  if (rule.startsWith('must follow trumps')) return translate(lang, 'must_follow_trumps');
  const follow = FOLLOW.exec(rule);
  if (follow) return translate(lang, 'must_follow', { suit: translate(lang, SUIT_BY_NAME[follow[1]!]!) });
  if (rule.startsWith('must overtrump')) return translate(lang, 'must_overtrump');
  if (rule.startsWith('must undertrump')) return translate(lang, 'must_undertrump');
  if (rule.startsWith('must trump')) return translate(lang, 'must_trump');
  return rule;
}

/**
 * The refusal for `card` given the viewer's hand, the cards in the current trick and the
 * trump suit, or null when the card is playable. Translate `rule` with `translateRefusal`.
 */
export function refusalFor(hand: readonly Card[], trick: readonly Card[], trump: Suit, card: Card): Refusal | null {
  const rule = refusalReason(maskOf(hand), trick.map(cardId), suitId(trump), cardId(card));
  return rule === null ? null : { card, rule };
}

