/**
 * Table settings per variant (docs/rules/RULES.md §8, docs/rules/COINCHE.md §1): the targets each variant offers,
 * their defaults, and the one normal form of a settings object the engine keeps.
 */
import { quote } from './quote.js';
import { COINCHE_TARGETS, DEFAULT_RULES, TARGETS, type Rules, type Target, type Variant } from './types.js';

/** The variant of a settings object (absent = classic). */
export const variantOf = (rules: Pick<Rules, 'variant'>): Variant => rules.variant ?? 'classic';

/** The targets a variant offers, its default first. */
export function targetsOf(variant: Variant): readonly Target[] {
  return variant === 'coinche' ? COINCHE_TARGETS : TARGETS;
}

/**
 * Complete settings: omitted ones take the variant's defaults (coinche: target 2000). A classic
 * game carries no `variant` key, so its settings read exactly as docs/rules/RULES.md's.
 */
export function rulesWithDefaults(rules: Partial<Rules> = {}): Rules {
  const variant = variantOf(rules);
  const { variant: _omit, ...rest } = rules;
  const merged: Rules = { ...DEFAULT_RULES, target: targetsOf(variant)[0]!, ...rest };
  return variant === 'coinche' ? { variant, ...merged } : merged;
}

/** Why `target` is not a target of `variant`, or null. */
export function targetProblem(variant: Variant, target: unknown): string | null {
  const allowed = targetsOf(variant);
  return (allowed as readonly unknown[]).includes(target)
    ? null
    : `target must be one of ${allowed.join(', ')}${variant === 'coinche' ? ' in coinche' : ''}, got ${quote(target)}`;
}
