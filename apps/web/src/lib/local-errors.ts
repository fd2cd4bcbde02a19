/**
 * What the client answers itself when a command cannot reach the server (socket.ts), as an
 * `INTERNAL` refusal the notices show in the page's language (i18n.ts `errorText`).
 */
export const NOT_CONNECTED = 'not connected to the server: nothing was sent (reconnecting)';
export const NO_ANSWER = 'no answer from the server: reconnecting (the table will show whether it was done)';
