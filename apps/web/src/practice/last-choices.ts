/**
 * The practice form's last choices, kept on the device when a game starts (lib/remembered.ts), so
 * the next game's form opens on them: a player who practises coinche against normal bots does not
 * set it again each time. A field no longer offered falls back to its default.
 */
import type { BotLevel } from '@belote/protocol/client';
import { VARIANTS, targetsOf, type Target, type Variant } from '@belote/rules/core';
import { loadRemembered, oneOf, saveRemembered } from '../lib/remembered.js';
import { BOT_CHOICES } from '../lib/table-choices.js';
import { TURN_TIMERS } from '../lib/turn-timers.js';

export interface PracticeChoices {
  variant: Variant;
  target: Target;
  partner: BotLevel;
  opponents: BotLevel;
  /** Seconds per turn, or none. */
  timer: number | null;
}

/** A short game in either variant, against strong bots, no clock. */
export const DEFAULT_TARGET: Target = 501;
export const DEFAULT_CHOICES: PracticeChoices = { variant: 'classic', target: DEFAULT_TARGET, partner: 'strong', opponents: 'strong', timer: null };

const KEY = 'practiceChoices';

/** The choices in what was read back, each field checked on its own. */
export function choicesOf(o: Record<string, unknown>): PracticeChoices {
  const variant = oneOf<Variant>(VARIANTS, o.variant, 'classic');
  return {
    variant,
    target: oneOf(targetsOf(variant), o.target, DEFAULT_TARGET),
    partner: oneOf(BOT_CHOICES, o.partner, DEFAULT_CHOICES.partner),
    opponents: oneOf(BOT_CHOICES, o.opponents, DEFAULT_CHOICES.opponents),
    timer: oneOf<number | null>(TURN_TIMERS, o.timer, null),
  };
}

export const loadChoices = (): PracticeChoices => choicesOf(loadRemembered(KEY));
export const saveChoices = (c: PracticeChoices): void => saveRemembered(KEY, c);
