/**
 * Error codes a client can receive, as `as const` objects with derived unions.
 * Rule violations reuse the engine's codes (docs/rules/RECORD.md); the rest are the table's.
 */
import { ERROR_CODES as RULE_CODES } from '@belote/rules/core';

export const TABLE_ERROR_CODES = [
  'BAD_REQUEST',
  'RATE_LIMITED',
  'PROTOCOL_MISMATCH',
  'NO_SUCH_TABLE',
  'BAD_TOKEN',
  'NOT_SEATED',
  'SEAT_TAKEN',
  'ALREADY_SEATED',
  'NOT_HOST',
  'NOT_ENOUGH_PLAYERS',
  'GAME_IN_PROGRESS',
  'GAME_NOT_STARTED',
  'STALE_VERSION',
  'WRITE_CONFLICT',
  'NOT_FOUND',
  'TOO_MANY_SOCKETS',
  'ORIGIN_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'CHAT_OFF',
  'CHAT_MUTED',
  'CHAT_TOO_LONG',
  'CHAT_TOO_FAST',
  'INTERNAL',
] as const;

export const ERROR_CODES = [...TABLE_ERROR_CODES, ...RULE_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error a client sees: a code to switch on and a human message. */
export interface ProtocolError {
  code: ErrorCode;
  message: string;
}
