import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { realtimePolicy } from './realtime.policies.js';
import { readRowById, tableColumns, type ColumnInfo } from './realtime.repository.js';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type Row = Record<string, unknown>;

export interface RowChange {
  schema: 'public';
  table: string;
  type: ChangeType;
  commitTimestamp: string;
  record: Row | null;
  oldRecord: Row | null;
  columns: ColumnInfo[];
}

const TYPES = new Set<string>(['INSERT', 'UPDATE', 'DELETE']);
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Column lists per table, asked once: they feed the `columns` of each change and the filter checks at join. */
export class TableColumns {
  private readonly cache = new Map<string, Promise<ColumnInfo[]>>();
  constructor(private readonly db: Db) {}

  of(table: string): Promise<ColumnInfo[]> {
    let hit = this.cache.get(table);
    if (!hit) {
      hit = tableColumns(this.db, table);
      this.cache.set(table, hit);
      // A failed lookup is asked again next time; an empty one (no such table) too, in case it is created later.
      hit.then(
        (cols) => cols.length === 0 && this.cache.delete(table),
        () => this.cache.delete(table),
      );
    }
    return hit;
  }
}

/**
 * Turns the `realtime` NOTIFY payloads of public.realtime_notify() into changes, one at a time so that
 * subscribers see them in commit order. A payload marked truncated (row over the NOTIFY size limit) carries
 * only ids: the row is read again by id.
 */
export class ChangeFeed {
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly db: Db,
    private readonly columns: TableColumns,
    private readonly wants: (table: string) => boolean,
    private readonly deliver: (change: RowChange) => Promise<void> | void,
    private readonly log: FastifyBaseLogger,
    private readonly maxPending = 10_000,
  ) {}

  readonly onNotify = (text: string): void => {
    if (this.pending >= this.maxPending) {
      this.log.warn('realtime: change backlog full, dropping a change notification');
      return;
    }
    this.pending++;
    this.chain = this.chain
      .then(() => this.process(text))
      .catch((err: unknown) => this.log.error({ err }, 'realtime: failed to deliver a change'))
      .finally(() => {
        this.pending--;
      });
  };

  private async process(text: string): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.log.warn('realtime: ignoring a notification that is not JSON');
      return;
    }
    if (!isRow(msg)) return;
    const { schema, table, type, commit_timestamp } = msg;
    if (schema !== 'public' || typeof table !== 'string' || typeof type !== 'string' || !TYPES.has(type)) return;
    // Unregistered tables never reach anyone, and nobody listening means nothing to read or send.
    if (!realtimePolicy(table) || !this.wants(table)) return;
    let record = isRow(msg.record) ? msg.record : null;
    const oldRecord = isRow(msg.old_record) ? msg.old_record : null;
    if (msg.truncated === true && record && record.id !== undefined) {
      record = await readRowById(this.db, table, record.id);
      if (!record) return; // gone since: its DELETE follows
    }
    const columns = await this.columns.of(table);
    await this.deliver({
      schema: 'public',
      table,
      type: type as ChangeType,
      commitTimestamp: typeof commit_timestamp === 'string' ? commit_timestamp : new Date().toISOString(),
      record,
      oldRecord,
      columns,
    });
  }
}
