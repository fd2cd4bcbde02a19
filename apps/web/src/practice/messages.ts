/**
 * Messages between the page and the practice Web Worker. The table's own traffic is the
 * protocol's: client events with their acks one way, server frames the other; beside it, the
 * practice's own requests (take back, hint, record) and the list of saved tables.
 */
import type { Ack, ClientEventName, ClientEventPayload, ServerFrames } from '@belote/protocol/client';
import type { Hint } from './hints.js';
import type { Timing } from './table.js';
import type { PracticeSettings } from './types.js';

export type PracticeRequest =
  | { type: 'send'; event: ClientEventName; payload: ClientEventPayload<ClientEventName> }
  | { type: 'takeBack' }
  | { type: 'hint' };

export type ToPractice =
  /** Open the table `id` kept on the device, or a new one with `settings`. */
  | { type: 'open'; id: string; timing?: Partial<Timing> }
  | { type: 'create'; settings: PracticeSettings; timing?: Partial<Timing> }
  /**
   * The page has drawn the table at `version` (the frame after the snapshot or step that brought
   * it): a bot whose turn came with that version starts thinking now, not while the page renders.
   */
  | { type: 'drawn'; version: number }
  | ({ n: number } & PracticeRequest);

export type PracticeReply = Ack<Record<string, unknown>> | { ok: true; hint: Hint };

export type FromPractice =
  | { type: 'opened'; id: string }
  /** The table could not be opened (not on this device, or its log does not replay). */
  | { type: 'failed'; message: string }
  | { type: 'frame'; name: 'snapshot'; frame: ServerFrames['snapshot'] }
  | { type: 'frame'; name: 'step'; frame: ServerFrames['step'] }
  | { type: 'frame'; name: 'presence'; frame: ServerFrames['presence'] }
  | { type: 'reply'; n: number; reply: PracticeReply }
  /** A bot decided: its thinking time, and when it ended (`performance.timeOrigin + now()`, a clock the page shares) — measurements. */
  | { type: 'thought'; seat: number; ms: number; at: number };
