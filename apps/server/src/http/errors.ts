/**
 * HTTP error replies in the protocol's shape `{ error: { code, message } }`, and the final
 * error handler: body-parser failures are the client's (400/413/415), anything else a logged 500.
 */
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode, HttpErrorBody } from '@belote/protocol';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';

export function sendError(res: Response, status: number, code: ErrorCode, message: string): void {
  const body: HttpErrorBody = { error: { code, message } };
  res.status(status).json(body);
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    const type = (err as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return sendError(res, 413, 'BAD_REQUEST', 'request body too large (at most 8 KB)');
    if (type === 'entity.parse.failed') return sendError(res, 400, 'BAD_REQUEST', 'body is not valid JSON');
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported content encoding or charset');
    const status = (err as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return sendError(res, status, 'BAD_REQUEST', 'bad request');
    log.error({ err }, 'request failed');
    sendError(res, 500, 'INTERNAL', 'internal error');
  };
}

/** An HTTP request while the server closes (its listener still serves the open sockets). */
export function answerClosing(res: ServerResponse): void {
  const body: HttpErrorBody = { error: { code: 'INTERNAL', message: 'the server is shutting down: try again in a moment' } };
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '1' });
  res.end(JSON.stringify(body));
}

/**
 * Requests Node's HTTP parser refuses before express sees them (a bad Content-Length, a broken
 * chunk, headers over 16 KB, a request line that is not HTTP) get the protocol's error body too,
 * not Node's bare status line. The statuses are Node's own (431 and 408 for its two special cases).
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'request headers too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request timed out']
        : [400, 'Bad Request', 'bad request'];
  const body = JSON.stringify({ error: { code: 'BAD_REQUEST', message } } satisfies HttpErrorBody);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
