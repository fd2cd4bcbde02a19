/**
 * Where the chat's client class is left once its module has loaded (with the table's later
 * parts, components/parts.ts), for TableClient to start its chat: the table's first screen
 * does not wait for the chat.
 */
import type { ChatClient } from './store-chat.svelte.js';

let impl: typeof ChatClient | null = null;

export function provideChat(C: typeof ChatClient): void {
  impl = C;
}

export const chatImpl = (): typeof ChatClient | null => impl;
