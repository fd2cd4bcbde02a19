/**
 * A scored coinche deal in words: the rule that decided it (from `explainCoincheDeal`, never
 * recomputed here) and its contract as printed. Shared by the live deal summary and the replay.
 */
import { assertNever, type CoincheExplanation, type DealSummary } from '@belote/rules';
import { translate, type Lang } from './i18n.js';

/** The contract as printed: "90", "Capot"; empty without one. */
export function contractText(s: DealSummary, lang: Lang): string {
  return s.contract == null ? '' : s.contract === 'capot' ? translate(lang, 'capot') : String(s.contract);
}

/** The sentence that says why the deal was made, dedans or litige. */
export function coincheWhy(ex: CoincheExplanation, contract: string, lang: Lang): string {
  const p = { total: ex.totals[ex.takers], defence: ex.totals[1 - ex.takers]!, contract };
  switch (ex.reason) {
    case 'reached':
      return translate(lang, 'why_reached', p);
    case 'short':
      return translate(lang, 'why_short', p);
    case 'outscored':
      return translate(lang, 'why_outscored', p);
    case 'tie':
      return ex.multiplier > 1 ? translate(lang, 'why_tieCoinched', p) : translate(lang, 'why_tieDedans', p);
    case 'tieLitige':
      return translate(lang, 'why_tieLitige', { ...p, pot: ex.potOut - ex.potIn });
    case 'takersCapot':
      return translate(lang, 'why_takersCapot');
    case 'defendersCapot':
      return translate(lang, 'why_defendersCapot');
    case 'capotFailed':
      return translate(lang, 'why_capotFailed');
    default:
      return assertNever(ex.reason);
  }
}
