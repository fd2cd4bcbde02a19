/**
 * Bumped on every incompatible change; checked at the socket handshake.
 * 2: a snapshot once, then small `step` and `presence` frames (PROTOCOL.md).
 */
export const PROTOCOL_VERSION = 2;
