/**
 * What the client answers itself when a command cannot reach the server (socket.ts), as an
 * `INTERNAL` refusal the notices show in the page's language (i18n.ts `errorText`: `notConnected`,
 * `noAnswer`). Only markers, never shown: short, as they ride in the table's first screen.
 */
export const NOT_CONNECTED = 'not connected';
export const NO_ANSWER = 'no answer';
