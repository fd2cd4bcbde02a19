/**
 * HTTP error replies in the protocol's shape `{ error: { code, message } }`, and the final
 * error handler: body-parser failures are the client's (400/413/415), anything else a logged 500.
 */
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
