/** Bumped on every incompatible change; checked at the socket handshake. */
export const PROTOCOL_VERSION = 1;
