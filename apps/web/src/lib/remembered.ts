/**
 * A form's last choices kept on the device (localStorage), so its next use opens on them: the
 * home page's new table, the practice page's new game. What is read back is only an object of
 * unknown fields: each form checks every field against what it still offers (`oneOf`).
 */
import { loadPref, savePref } from './storage.js';

export function loadRemembered(key: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(loadPref(key) ?? 'null');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const saveRemembered = (key: string, choices: object): void => savePref(key, JSON.stringify(choices));

/** `v` when it is one of `values`, else `def`. */
export const oneOf = <T>(values: readonly T[], v: unknown, def: T): T => ((values as readonly unknown[]).includes(v) ? (v as T) : def);
