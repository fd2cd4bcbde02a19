/**
 * The practice form's last choices, kept on the device (localStorage) when a game starts, so the
 * next game's form opens on them (a player who practises coinche against normal bots should not
 * set it again each time). Anything unreadable or no longer offered falls back to the default.
 */
import { BOT_LEVELS, type BotLevel } from '@belote/protocol/client';
import { targetsOf, type Target, type Variant } from '@belote/rules/core';
import { loadPref, savePref } from '../lib/storage.js';
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

const levelOf = (v: unknown, def: BotLevel): BotLevel => ((BOT_LEVELS as readonly unknown[]).includes(v) ? (v as BotLevel) : def);

/** The choices a stored text holds, each field checked on its own. */
export function parseChoices(raw: string | null): PracticeChoices {
  let o: Record<string, unknown> = {};
  try {
    const v: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) o = v as Record<string, unknown>;
  } catch {
    /* not JSON: the defaults */
  }
  const variant: Variant = o.variant === 'coinche' ? 'coinche' : 'classic';
  const target = (targetsOf(variant) as readonly unknown[]).includes(o.target) ? (o.target as Target) : DEFAULT_TARGET;
  const timer = (TURN_TIMERS as readonly unknown[]).includes(o.timer) ? (o.timer as number | null) : null;
  return { variant, target, partner: levelOf(o.partner, DEFAULT_CHOICES.partner), opponents: levelOf(o.opponents, DEFAULT_CHOICES.opponents), timer };
}

export const loadChoices = (): PracticeChoices => parseChoices(loadPref(KEY));
export const saveChoices = (c: PracticeChoices): void => savePref(KEY, JSON.stringify(c));
