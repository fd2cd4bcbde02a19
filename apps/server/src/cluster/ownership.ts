/**
 * Who owns which table, in PostgreSQL. Each process (node) has a row in `belote_nodes` with a
 * heartbeat; a table's row names its owner. A process claims a table only when it has no owner,
 * or its owner is dead (NODE_ALIVE: heartbeat expired, or no connection of that process open —
 * a kill -9 closes them at once). The claim is one UPDATE on the table's row, so of two
 * processes racing exactly one gets it; the store then refuses the loser's writes (NotOwner).
 */
import type pg from 'pg';
import { NODE_ALIVE } from '../store/pg-store.js';

/** How long a heartbeat keeps a node alive (it is renewed every HEARTBEAT_MS). */
export const NODE_TTL_MS = 3000;
export const HEARTBEAT_MS = 1000;

export type Claim = { owner: string; mine: boolean } | null;

export class Ownership {
  constructor(
    private readonly pool: pg.Pool,
    readonly node: string,
  ) {}

  /** Renew this node's heartbeat (also proves the database answers). */
  async heartbeat(): Promise<void> {
    await this.pool.query(
      `INSERT INTO belote_nodes (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [this.node, NODE_TTL_MS],
    );
  }

  /** The nodes alive now (this one included once it has a heartbeat). */
  async alive(): Promise<Set<string>> {
    const r = await this.pool.query<{ id: string }>(`SELECT n.id FROM belote_nodes n WHERE ${NODE_ALIVE}`);
    return new Set(r.rows.map((row) => row.id));
  }

  /**
   * Own `table` if it has no live owner (or is already ours). Null: no such table. Otherwise
   * the owner: this node (`mine`) or the live node that has it.
   */
  async claim(table: string): Promise<Claim> {
    const r = await this.pool.query<{ owner: string }>(
      `UPDATE belote_tables t SET owner = $2, owner_epoch = t.owner_epoch + 1
       WHERE t.id = $1 AND (t.owner IS NULL OR t.owner = $2 OR NOT EXISTS (SELECT 1 FROM belote_nodes n WHERE n.id = t.owner AND ${NODE_ALIVE}))
       RETURNING t.owner`,
      [table, this.node],
    );
    if (r.rows[0]) return { owner: this.node, mine: true };
    const o = await this.pool.query<{ owner: string | null }>('SELECT owner FROM belote_tables WHERE id = $1', [table]);
    const row = o.rows[0];
    if (!row) return null;
    // Released between the two statements: try again.
    if (row.owner === null) return this.claim(table);
    return { owner: row.owner, mine: row.owner === this.node };
  }

  /** Give tables up (idle, or shutting down): the next process that needs one claims it. */
  async release(tables: readonly string[]): Promise<void> {
    if (tables.length === 0) return;
    await this.pool.query('UPDATE belote_tables SET owner = NULL WHERE id = ANY($1::text[]) AND owner = $2', [tables, this.node]);
  }

  /** Of `tables`, those this node no longer owns (taken over while it was taken for dead). */
  async lost(tables: readonly string[]): Promise<string[]> {
    if (tables.length === 0) return [];
    const r = await this.pool.query<{ id: string }>('SELECT id FROM belote_tables WHERE id = ANY($1::text[]) AND owner IS DISTINCT FROM $2', [tables, this.node]);
    return r.rows.map((row) => row.id);
  }

  /** Shutdown: release every table and the node's row. */
  async leave(): Promise<void> {
    await this.pool.query('UPDATE belote_tables SET owner = NULL WHERE owner = $1', [this.node]);
    await this.pool.query('DELETE FROM belote_nodes WHERE id = $1', [this.node]);
  }
}
