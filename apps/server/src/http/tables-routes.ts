/**
 * The table HTTP API: create a table, read its public summary, download its game record.
 * Inputs are validated with the protocol's zod schemas; errors name the field.
 */
import { CreateTableRequestSchema, TableIdSchema, issuesText, type CreateTableResponse } from '@belote/protocol';
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { EventBudget } from '../event-budget.js';
import { StoreWriteFailed } from '../store/types.js';
import { UNREADABLE, type TableDirectory } from '../tables/directory.js';
import { sendError } from './errors.js';

/** Seconds: about a process's restart, by when the rollout may have replaced this one. */
const UNREADABLE_RETRY_S = 10;

/**
 * A table this process cannot replay (a newer version wrote it, during a rolling upgrade): it
 * exists, so not a 404; the handshake says the same (`INTERNAL`, connect again later).
 */
function sendUnreadable(res: Response): void {
  res.set('Retry-After', String(UNREADABLE_RETRY_S));
  sendError(res, 503, 'INTERNAL', 'this server process cannot read the table (written by a newer version): try again later');
}

/** `linkBase(req)`: the origin share links start with (PUBLIC_URL, or the one the client used). */
export function tablesRouter(tables: TableDirectory, linkBase: (req: Request) => string, createPerMinute: number, log: Logger): Router {
  const r = Router();
  const createBudget = new EventBudget(createPerMinute, 60_000);

  const idOf = (req: Request): string | null => (TableIdSchema.safeParse(req.params.id).success ? (req.params.id as string) : null);

  r.post('/tables', async (req, res) => {
    if (!createBudget.take(req.ip ?? 'unknown')) return sendError(res, 429, 'RATE_LIMITED', 'too many tables created: try again in a minute');
    const parsed = CreateTableRequestSchema.safeParse(req.body === undefined ? {} : req.body); // no body at all means {}
    if (!parsed.success) return sendError(res, 400, 'BAD_REQUEST', issuesText(parsed.error));
    let created: { id: string; hostKey: string };
    try {
      created = await tables.create(parsed.data);
    } catch (e) {
      if (!(e instanceof StoreWriteFailed)) throw e;
      log.error({ err: e }, 'could not save a new table');
      return sendError(res, 503, 'INTERNAL', 'the table could not be saved (the server cannot write to its storage); nothing was created: try again later');
    }
    const { id, hostKey } = created;
    const body: CreateTableResponse = { id, url: `${linkBase(req)}/t/${id}`, hostKey };
    res.status(201).json(body);
  });

  r.get('/tables/:id', async (req, res) => {
    const id = idOf(req);
    const summary = id === null ? null : await tables.summary(id);
    if (summary === UNREADABLE) return sendUnreadable(res);
    if (!summary) return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    res.json(summary);
  });

  r.get('/tables/:id/record', async (req, res) => {
    const id = idOf(req);
    if (id === null) return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    const q = req.query.game;
    let game: number | undefined;
    if (q !== undefined) {
      game = typeof q === 'string' && /^\d{1,6}$/.test(q) ? Number(q) : NaN;
      if (Number.isNaN(game)) return sendError(res, 400, 'BAD_REQUEST', 'game: must be a game index (0, 1, …)');
    }
    const record = await tables.record(id, game);
    if (record === UNREADABLE) return sendUnreadable(res);
    if (record === undefined) return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    if (!record) return sendError(res, 404, 'NOT_FOUND', `game: no game ${String(game)} at this table`);
    res.json(record);
  });

  // an id the router cannot even decode ('%', '%E0') is a malformed id like any other (for the
  // table's reads; any other method there is no endpoint at all, as below)
  const undecodable: ErrorRequestHandler = (err, req, res, next) => {
    if (!(err instanceof URIError)) return next(err);
    if (req.method === 'GET' || req.method === 'HEAD') return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    sendError(res, 404, 'NOT_FOUND', 'no such API endpoint');
  };
  r.use(undecodable);
  r.use((_req, res) => sendError(res, 404, 'NOT_FOUND', 'no such API endpoint'));
  return r;
}
