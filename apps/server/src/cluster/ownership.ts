/**
 * Who owns which table, in PostgreSQL: the statements. Each process (node) has a heartbeat row in
 * `belote_nodes`; a table's row names its owner and the epoch of its claim (bumped by every claim;
 * the store writes only under the epoch it holds). A table is claimed when it has no owner or a
 * dead one (NODE_ALIVE: heartbeat expired, or none of its connections open — kill -9 closes them);
 * a live owner is asked for it instead (`wanted_by`). Each is one autocommit statement.
 */
import type pg from 'pg';
import { NODE_ALIVE } from '../store/pg-store.js';

/** How often a process renews its heartbeat (and learns what it lost or was asked for). */
export const HEARTBEAT_MS = 200;
/** How long a heartbeat keeps a node alive: a frozen or cut-off process is dead (its tables claimable) this long after its last one. */
export const NODE_TTL_MS = 1000;

/** A claim's outcome: this process's claim `epoch`, the live `owner` asked for it, or no such table. */
export type Claim = { epoch: number } | { owner: string } | null;

/** Of the tables a process holds, those it no longer owns and those another process asked for. */
export interface HeartbeatNews {
  lost: string[];
  wanted: string[];
}

const HEARTBEAT = `
  WITH beat AS (
    INSERT INTO belote_nodes (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
    ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at
  )
  SELECT h.id, (t.owner IS NOT DISTINCT FROM $1 AND t.owner_epoch = h.epoch) AS mine
  FROM unnest($3::text[], $4::int[]) AS h(id, epoch) LEFT JOIN belote_tables t ON t.id = h.id
  WHERE t.id IS NULL OR t.owner IS DISTINCT FROM $1 OR t.owner_epoch <> h.epoch OR t.wanted_by IS NOT NULL`;

/** Claim the table if it is free (no owner, this node, or a dead one); otherwise ask its owner for it. */
const CLAIM = `
  WITH cur AS MATERIALIZED (
    SELECT t.id, t.owner, (t.owner IS NULL OR t.owner = $2 OR NOT EXISTS (SELECT 1 FROM belote_nodes n WHERE n.id = t.owner AND ${NODE_ALIVE})) AS free
    FROM belote_tables t WHERE t.id = $1 FOR UPDATE
  ),
  upd AS (
    UPDATE belote_tables t
    SET owner = CASE WHEN cur.free THEN $2 ELSE t.owner END,
        owner_epoch = CASE WHEN cur.free THEN t.owner_epoch + 1 ELSE t.owner_epoch END,
        wanted_by = CASE WHEN cur.free THEN NULL ELSE $2 END
    FROM cur WHERE t.id = cur.id
    RETURNING t.owner, t.owner_epoch
  )
  SELECT upd.owner, upd.owner_epoch AS epoch, cur.free FROM upd, cur`;

const RELEASE = `
  UPDATE belote_tables t SET owner = NULL, wanted_by = NULL
  FROM unnest($2::text[], $3::int[]) AS h(id, epoch)
  WHERE t.id = h.id AND t.owner = $1 AND t.owner_epoch = h.epoch`;

export class Ownership {
  constructor(
    private readonly pool: pg.Pool,
    readonly node: string,
  ) {}

  /** Renew this node's heartbeat; `held`: the tables this process runs, with the epoch of its claim. */
  async heartbeat(held: ReadonlyMap<string, number>): Promise<HeartbeatNews> {
    const r = await this.pool.query<{ id: string; mine: boolean | null }>(HEARTBEAT, [this.node, NODE_TTL_MS, [...held.keys()], [...held.values()]]);
    return { lost: r.rows.filter((row) => !row.mine).map((row) => row.id), wanted: r.rows.filter((row) => row.mine).map((row) => row.id) };
  }

  async claim(table: string): Promise<Claim> {
    const r = await this.pool.query<{ owner: string; epoch: number; free: boolean }>(CLAIM, [table, this.node]);
    const row = r.rows[0];
    if (!row) return null;
    return row.free ? { epoch: row.epoch } : { owner: row.owner };
  }

  /** Give tables up (idle, asked for, shutting down): the next process a socket of one reaches claims it. */
  async release(tables: ReadonlyMap<string, number>): Promise<void> {
    if (tables.size === 0) return;
    await this.pool.query(RELEASE, [this.node, [...tables.keys()], [...tables.values()]]);
  }

  /** Shutdown: release every table and the node's row. */
  async leave(): Promise<void> {
    await this.pool.query('WITH n AS (DELETE FROM belote_nodes WHERE id = $1) UPDATE belote_tables SET owner = NULL, wanted_by = NULL WHERE owner = $1', [this.node]);
  }
}
