/**
 * The home page's new-table choices, kept on the device once a table is created
 * (lib/remembered.ts): a host who plays coinche with announcements and a 30 s timer does not set
 * it again for the next table. A field no longer offered falls back to its default.
 */
import type { BotLevel } from '@belote/protocol';
import { DEFAULT_RULES, VARIANTS, targetsOf, type Rules, type Target, type Variant } from '@belote/rules';
import { loadRemembered, oneOf, saveRemembered } from './remembered.js';
import { TURN_TIMERS } from './turn-timers.js';

export interface TableChoices {
  variant: Variant;
  target: Target;
  announcements: boolean;
  tie: Rules['tie'];
  direction: Rules['direction'];
  /** Seconds per turn, or none. */
  timer: number | null;
  fillWithBots: boolean;
  botLevel: BotLevel;
  hints: boolean;
}

const KEY = 'tableChoices';

/**
 * The bot levels offered: `BOT_LEVELS` of the protocol, written out here because importing that
 * constant makes the bundler give it a chunk of its own, shared with the table's lobby, whose
 * first screen then fetches one more script (the 60 kB budget, e2e/tests/weight.test.ts).
 */
export const BOT_CHOICES: readonly BotLevel[] = ['easy', 'normal', 'strong'];

/** The choices in what was read back, each field checked on its own (the variant's default target, the rules' defaults). */
export function tableChoicesOf(o: Record<string, unknown>): TableChoices {
  const variant = oneOf<Variant>(VARIANTS, o.variant, 'classic');
  return {
    variant,
    target: oneOf(targetsOf(variant), o.target, targetsOf(variant)[0]!),
    announcements: o.announcements === true,
    tie: oneOf<Rules['tie']>(['litige', 'dedans'], o.tie, DEFAULT_RULES.tie),
    direction: oneOf<Rules['direction']>(['counterclockwise', 'clockwise'], o.direction, DEFAULT_RULES.direction),
    timer: oneOf<number | null>(TURN_TIMERS, o.timer, null),
    fillWithBots: o.fillWithBots === true,
    botLevel: oneOf(BOT_CHOICES, o.botLevel, 'normal'),
    hints: o.hints === true,
  };
}

export const loadTableChoices = (): TableChoices => tableChoicesOf(loadRemembered(KEY));
export const saveTableChoices = (c: TableChoices): void => saveRemembered(KEY, c);
