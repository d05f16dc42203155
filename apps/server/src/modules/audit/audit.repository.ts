import type { DbOrTx } from '../../db/client.js';
import { insertMany } from '../../db/insert-many.js';
import { auditLog } from '../../db/schema/index.js';

/** One audit_log row as written. */
export interface AuditRow {
  orgId: string | null;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  apiKeyId: string | null;
}

/** Inserts the rows, up to 500 per statement (emptying a bucket removes many objects at once). */
export async function insertAuditRows(db: DbOrTx, rows: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insertMany(db, auditLog, rows.slice(i, i + 500));
}
