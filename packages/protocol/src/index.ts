/**
 * @belote/protocol — the one source of truth for the wire between the table server and
 * its clients. See docs/PROTOCOL.md.
 */
export * from './errors.js';
export * from './version.js';
export * from './http.js';
export * from './socket.js';
export * from './view-schema.js';
