/**
 * What the browser remembers per table (seat token, host key) and across tables (the
 * player's name, preferences). localStorage may be missing or full: failures are ignored.
 */
export interface TableSecrets {
  token?: string;
  hostKey?: string;
  /** The token of a `sit` sent whose ack has not come (PROTOCOL.md §4): tried first on reconnecting. */
  pendingToken?: string;
}

const tableKey = (id: string): string => `belote:table:${id}`;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* private mode or quota: the seat just won't survive a reload */
  }
}

export function loadSecrets(tableId: string): TableSecrets {
  const raw = read(tableKey(tableId));
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return {};
    const o = v as Record<string, unknown>;
    return {
      ...(typeof o.token === 'string' ? { token: o.token } : {}),
      ...(typeof o.hostKey === 'string' ? { hostKey: o.hostKey } : {}),
      ...(typeof o.pendingToken === 'string' ? { pendingToken: o.pendingToken } : {}),
    };
  } catch {
    return {};
  }
}

export function saveSecrets(tableId: string, patch: Partial<Record<keyof TableSecrets, string | null>>): void {
  const cur: Record<string, string> = { ...loadSecrets(tableId) } as Record<string, string>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined) delete cur[k];
    else cur[k] = v;
  }
  write(tableKey(tableId), Object.keys(cur).length ? JSON.stringify(cur) : null);
}

/** A seat token for a `sit`: 24 random bytes in url-safe base64 (32 characters), as the server draws them. */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

export const loadPref = (name: string): string | null => read(`belote:${name}`);
export const savePref = (name: string, value: string): void => write(`belote:${name}`, value);
