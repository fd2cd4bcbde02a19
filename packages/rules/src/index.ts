/**
 * @belote/rules — the pure Belote rules engine (docs/rules/RULES.md, and the coinche variant of
 * docs/rules/COINCHE.md): cards, dealing, bidding and the coinche auction, legal plays, tricks,
 * announcements, scoring, game flow, per-viewer views and records.
 * No I/O, no clock, no global randomness. Without the record format (and zod): `./core`.
 */
export * from './core.js';
export * from './record/schema.js';
export { replayRecord } from './record/replay.js';
export { replayTimeline } from './record/timeline.js';
export type { ReplayTimeline, ReplayDeal, ReplayFrame, ReplayTable } from './record/timeline.js';
export { moveCursor, dealEdge, trickStops, clampCursor } from './record/navigate.js';
export type { ReplayCursor, ReplayUnit } from './record/navigate.js';
export type { VerifyResult, VerifyError, CommitmentCheck, ReplayOutput } from './record/replay.js';
export { commitmentPreimage } from './record/commitment.js';
export { recordOf } from './record/export.js';
