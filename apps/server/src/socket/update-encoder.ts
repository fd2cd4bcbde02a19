/**
 * The `update` frame, serialised once per shared part. A table sends one update per socket,
 * each built for its viewer, but most of it is shared: the table summary and the events are one
 * object per broadcast, the rules and every finished deal's result (the score sheet, which grows
 * with every deal) are the same objects from update to update. Serialising each of those once
 * (memoised by object identity — they are immutable once published) and splicing the strings,
 * instead of letting Socket.IO `JSON.stringify` the whole message for every socket (and walk it
 * looking for binary), is what the CPU profile under load asked for. The wire is unchanged:
 * the frame is byte-for-byte the text `2["update",{…}]` Socket.IO would have produced (key
 * order aside), so clients parse it with the stock parser.
 */
import type { UpdateMessage } from '@belote/protocol';

/** An event argument already serialised to JSON (see `installPreEncodedFrames`). */
export class PreEncoded {
  constructor(readonly json: string) {}
}

const memo = new WeakMap<object, string>();

/** JSON of an immutable object, computed once. */
function shared(v: unknown): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v) ?? 'null';
  let s = memo.get(v);
  if (s === undefined) memo.set(v, (s = JSON.stringify(v)));
  return s;
}

type FieldEncoders = Record<string, (v: unknown) => string>;

/** `JSON.stringify(o)` with some fields encoded by `enc` (same output, modulo key order). */
function objectJson(o: object, enc: FieldEncoders): string {
  let out = '{';
  const rec = o as Record<string, unknown>;
  for (const k in rec) {
    if (!Object.hasOwn(rec, k)) continue;
    const v = rec[k];
    if (v === undefined || typeof v === 'function') continue;
    if (out.length > 1) out += ',';
    const e = v === null ? undefined : enc[k];
    out += `${JSON.stringify(k)}:${e ? e(v) : JSON.stringify(v)}`;
  }
  return `${out}}`;
}

const historyJson = (h: unknown) => `[${(h as unknown[]).map(shared).join(',')}]`;
const viewFields: FieldEncoders = { rules: shared, history: historyJson };
const updateFields: FieldEncoders = { table: shared, events: shared, view: (v) => objectJson(v as object, viewFields) };

/** The update's JSON, reusing the serialisation of the parts it shares with other sockets' updates. */
export function encodeUpdate(msg: UpdateMessage): PreEncoded {
  return new PreEncoded(objectJson(msg, updateFields));
}

/** The part of Socket.IO's encoder this module hooks (`io.encoder`, shared by every socket). */
interface EncoderLike {
  encode(packet: { type: number; nsp: string; data?: unknown; id?: number }): unknown[];
}

const EVENT = 2;

/**
 * Let `socket.emit(name, preEncoded)` send the pre-serialised JSON as is: an event packet whose
 * only argument is a `PreEncoded` becomes `2["name",<json>]`; every other packet goes to the
 * stock encoder unchanged.
 */
export function installPreEncodedFrames(io: { encoder: EncoderLike }): void {
  const encoder = io.encoder;
  const base = encoder.encode.bind(encoder);
  encoder.encode = (packet) => {
    const d = packet.data;
    if (packet.type === EVENT && packet.id === undefined && Array.isArray(d) && d.length === 2 && d[1] instanceof PreEncoded) {
      const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
      return [`${EVENT}${nsp}[${JSON.stringify(d[0])},${d[1].json}]`];
    }
    return base(packet);
  };
}
