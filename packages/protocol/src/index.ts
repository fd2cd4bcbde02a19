/**
 * @belote/protocol — the one source of truth for the wire between the table server and
 * its clients. See docs/PROTOCOL.md. Clients that need no validation import the zod-free
 * `@belote/protocol/client` instead.
 */
export * from './constants.js';
export * from './errors.js';
export * from './version.js';
export * from './http.js';
export * from './socket.js';
export * from './view-schema.js';
export * from './fold.js';
export * from './refusal.js';
export * from './chat-constants.js';
export * from './chat.js';
export * from './chat-fold.js';
export * from './chat-text.js';
export * from './display-name.js';
