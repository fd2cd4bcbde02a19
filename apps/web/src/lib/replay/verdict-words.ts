/**
 * The verdict on a decision in plain words: what it is measured against (what the seat could
 * know), what it gave away against the best option, one sentence on why, and what the
 * "every hand visible" column says when it tells another story.
 */
import { MARK_Z, THRESHOLDS, surelyGivenAway, type Decision } from '@belote/bots';
import { teamOf, type Suit } from '@belote/rules';
import { translate, type Lang } from '../i18n.js';
import { aboutSeat, optionText, teamInText, type Names } from './describe.js';
import { markOf, MARK_SYMBOL } from './marks.js';

const round = (x: number): number => Math.round(x);

/** "12 points" in the language. */
export const pointsText = (lang: Lang, n: number): string => translate(lang, 'pointsUnit', { n: round(n) });

/** The verdict in one sentence: the mark and what it gave away against the best option. */
export function verdictSentence(d: Decision, scale: number, lang: Lang, retourneSuit: Suit): string {
  const best = optionText(d.best, lang, retourneSuit);
  const points = pointsText(lang, d.loss);
  const mark = markOf(d.verdict);
  if (mark) return translate(lang, 'verdictMarked', { mark: `${translate(lang, `verdict_${mark}`)} (${MARK_SYMBOL[mark]})`, points, best, sure: round(surelyGivenAway(d.loss, d.se)) });
  switch (d.verdict) {
    case 'forced':
      return translate(lang, d.kind === 'card' ? 'verdictForced' : 'verdictForcedCall');
    case 'best':
      return translate(lang, 'verdictBest');
    default:
      // Good: under the inaccuracy mark, or above it but not beyond chance (MARK_Z standard errors).
      return translate(lang, d.loss >= THRESHOLDS.inaccuracy * scale ? 'verdictNoise' : 'verdictGood', { points, best });
  }
}

/**
 * The verdict short enough for a phone's docked line, beside its badge (which names the mark):
 * how much better the best option was when the decision is marked (?!, ?, ??), else nothing.
 */
export function verdictBrief(d: Decision, lang: Lang, retourneSuit: Suit): string {
  if (!markOf(d.verdict)) return ''; // good, best, forced: the badge says it all
  return translate(lang, 'verdictBrief', { best: optionText(d.best, lang, retourneSuit), points: pointsText(lang, d.loss) });
}

/** What the verdict is measured against: the seat's own knowledge, in how many deals. */
export const measuredSentence = (d: Decision, names: Names, lang: Lang): string =>
  aboutSeat(lang, d.kind === 'card' ? 'measuredCard' : 'measuredBid', d.seat, names, { n: d.samples });

/** Why the option taken was worse (null when it was the best or forced). */
export function whySentence(d: Decision, names: Names, lang: Lang, retourneSuit: Suit): string | null {
  const w = d.why;
  if (!w) return null;
  const option = optionText(d.best, lang, retourneSuit);
  switch (w.kind) {
    case 'trick':
      return translate(lang, 'why_trick', { points: w.points });
    case 'contract':
      return translate(lang, w.defending ? 'why_beaten' : 'why_made', { played: w.played, n: w.samples, best: w.best, option });
    case 'points':
      return translate(lang, 'why_points', { points: w.points, option });
    case 'ahead':
      return translate(lang, 'why_ahead', { team: teamInText(names, lang, teamOf(d.seat)), played: w.played, n: w.samples, best: w.best, option });
    case 'score':
      return translate(lang, 'why_score', { points: round(d.loss), option });
    default:
      return null;
  }
}

/**
 * What the "every hand visible" column says, when it tells another story than the verdict
 * (cards only): a marked card that cost nothing in this deal, or less than it risked, or a
 * card the seat could not know was costly.
 */
export function exactSentence(d: Decision, names: Names, scale: number, lang: Lang): string | null {
  if (d.kind !== 'card' || d.exactLoss === null || d.verdict === 'forced') return null;
  const option = optionText(d.played, lang, 'S');
  const mark = THRESHOLDS.inaccuracy * scale;
  const marked = markOf(d.verdict) !== null;
  if (marked && d.exactLoss < 0.5) return aboutSeat(lang, 'exactNothing', d.seat, names, { option });
  if (marked && d.exactLoss <= d.loss - mark) return aboutSeat(lang, 'exactLess', d.seat, names, { option, points: pointsText(lang, d.exactLoss) });
  if (d.exactLoss >= mark && d.exactLoss >= d.loss + mark) return aboutSeat(lang, 'exactMore', d.seat, names, { option, points: pointsText(lang, d.exactLoss) });
  return null;
}

/** How the marks are set, and in coinche how this deal's stake scales them. */
export function marksNote(scale: number, stake: number, lang: Lang): string {
  // in the language's digits, as `z` and `factor` are: French and German write 6,4, not 6.4
  const t = (x: number): string => (Math.round(x * scale * 10) / 10).toLocaleString(lang);
  const base = translate(lang, 'marksFrom', { inaccuracy: t(THRESHOLDS.inaccuracy), mistake: t(THRESHOLDS.mistake), blunder: t(THRESHOLDS.blunder), z: MARK_Z.toLocaleString(lang) });
  return scale === 1 ? base : `${base} ${translate(lang, 'marksScaled', { stake, factor: (Math.round(scale * 100) / 100).toLocaleString(lang) })}`;
}
