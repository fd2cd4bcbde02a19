/**
 * Bumped on every incompatible change; checked at the socket handshake.
 * 2: a snapshot once, then small `step` and `presence` frames (PROTOCOL.md).
 * 3: a step carries the clocks it changes (`timers`: a new turn's timer, the pause between
 *    deals) and presence is sent only when a value changed; between games the seats and the
 *    settings may change (`settings`, `settingsChanged`) before the next `start`.
 */
export const PROTOCOL_VERSION = 3;
