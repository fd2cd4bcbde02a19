/**
 * The heuristic card player: lead or follow from the seat's knowledge, always one of the
 * legal cards the view offers.
 */
import type { CardId } from '@belote/rules';
import type { Knowledge } from '../knowledge.js';
import { contextOf } from './context.js';
import { chooseFollow } from './follow.js';
import { chooseLead } from './lead.js';

/** The heuristic's card among `legal` (a non-empty mask of the seat's legal cards). */
export function heuristicPlay(k: Knowledge, legal: number): CardId {
  const ctx = contextOf(k, legal);
  const c = k.trick.length === 0 ? chooseLead(ctx) : chooseFollow(ctx);
  if (c < 0 || ((legal >>> c) & 1) === 0) throw new Error(`heuristic chose a card outside the legal set: ${c}`);
  return c;
}
