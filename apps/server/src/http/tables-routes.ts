/**
 * The table HTTP API: create a table, read its public summary, download its game record.
 * Inputs are validated with the protocol's zod schemas; errors name the field.
 */
import { CreateTableRequestSchema, TableIdSchema, issuesText, type CreateTableResponse } from '@belote/protocol';
import { Router, type Request } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { TableRegistry } from '../tables/registry.js';
import { sendError } from './errors.js';

/** `linkBase(req)`: the origin share links start with (PUBLIC_URL, or the one the client used). */
export function tablesRouter(registry: TableRegistry, linkBase: (req: Request) => string, createPerMinute: number): Router {
  const r = Router();
  const createLimiter = new RateLimiterMemory({ points: createPerMinute, duration: 60 });

  const roomOf = (req: Request) => {
    const id = req.params.id;
    return TableIdSchema.safeParse(id).success ? registry.get(id as string) : undefined;
  };

  r.post('/tables', async (req, res) => {
    try {
      await createLimiter.consume(req.ip ?? 'unknown');
    } catch {
      return sendError(res, 429, 'RATE_LIMITED', 'too many tables created: try again in a minute');
    }
    const parsed = CreateTableRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendError(res, 400, 'BAD_REQUEST', issuesText(parsed.error));
    const { room, hostKey } = await registry.create(parsed.data);
    const body: CreateTableResponse = { id: room.id, url: `${linkBase(req)}/t/${room.id}`, hostKey };
    res.status(201).json(body);
  });

  r.get('/tables/:id', (req, res) => {
    const room = roomOf(req);
    if (!room) return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    res.json(room.summary());
  });

  r.get('/tables/:id/record', (req, res) => {
    const room = roomOf(req);
    if (!room) return sendError(res, 404, 'NO_SUCH_TABLE', 'no such table');
    const q = req.query.game;
    let game: number | undefined;
    if (q !== undefined) {
      game = typeof q === 'string' && /^\d{1,6}$/.test(q) ? Number(q) : NaN;
      if (Number.isNaN(game)) return sendError(res, 400, 'BAD_REQUEST', 'game: must be a game index (0, 1, …)');
    }
    const record = room.record(game);
    if (!record) return sendError(res, 404, 'NOT_FOUND', `game: no game ${String(game)} at this table`);
    res.json(record);
  });

  r.use((_req, res) => sendError(res, 404, 'NOT_FOUND', 'no such API endpoint'));
  return r;
}
