/**
 * Where the table client's late parts are left once their module has loaded (with the table's
 * later parts, components/parts.ts): the chat's client, and what a live step feels like
 * (motion, marks, sounds). The table's first screen waits for neither; a TableClient starts
 * them when they are there (`startLate`).
 */
import type { TableFeel } from './feel.svelte.js';
import type { ChatClient } from './store-chat.svelte.js';

export interface LateParts {
  ChatClient: typeof ChatClient;
  TableFeel: typeof TableFeel;
}

let late: LateParts | null = null;

export function provideLate(parts: LateParts): void {
  late = parts;
}

export const lateParts = (): LateParts | null => late;
