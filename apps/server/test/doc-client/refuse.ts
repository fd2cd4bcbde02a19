/**
 * §4: "A refused event changes nothing." Every refusal the tests provoke goes through `refused`:
 * a fresh snapshot before, the refusal's documented shape and code (and message when the
 * document gives it), and a fresh snapshot after that must equal the first (same `seq`,
 * `version`, table, view and chat).
 */
import { expect } from 'vitest';
import type { DocClient } from './client.js';
import { sameSnapshot } from './compare.js';
import type { ErrorCode, EventName } from './wire.js';

export async function refused(c: DocClient, event: EventName, payload: unknown, code: ErrorCode, message?: string | RegExp): Promise<string> {
  const before = await c.sync();
  const ack = await c.send(event, payload);
  expect(ack, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { code } });
  const text = (ack as { error: { message: string } }).error.message;
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
  const after = await c.sync();
  expect(sameSnapshot(after, before), `${event} ${code} changed the table`).toBeNull();
  return text;
}

/** Refusals of raw argument lists (no payload, two payloads): same checks. */
export async function refusedArgs(c: DocClient, event: EventName, args: unknown[], code: ErrorCode): Promise<string> {
  const before = await c.sync();
  const ack = await c.sendArgs(event, args);
  expect(ack).toMatchObject({ ok: false, error: { code } });
  const after = await c.sync();
  expect(sameSnapshot(after, before)).toBeNull();
  return (ack as { error: { message: string } }).error.message;
}

/** An event the server must ignore: no ack within `ms`. */
export async function ignored(c: DocClient, event: string, payload: unknown, ms = 400): Promise<boolean> {
  try {
    await c.socket.timeout(ms).emitWithAck(event, payload);
    return false;
  } catch {
    return true;
  }
}
