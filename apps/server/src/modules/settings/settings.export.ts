import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { newBlobKey } from '../../lib/blob-store.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { enqueueJob, type JobContext, type JobRow } from '../jobs/index.js';
import { blobStoreFor } from '../storage/index.js';
import * as repo from './settings.repository.js';
import type { settingsRoutes } from '@market/contracts';

type SettingsExport = settingsRoutes.SettingsExport;

export const EXPORT_JOB = 'settings.export';
const BATCH = 1000;
/** Exports listed: the newest few are all anyone needs; older files stay downloadable by id. */
const LISTED = 20;

interface ExportResult {
  fileKey: string;
  rows: number;
  bytes: number;
}

/**
 * Writes the organization's data as JSON lines (`{"table": ..., "row": {...}}` per line, the organization first)
 * to a staging file, then into the blob store. Every public table with an org_id column is read for that
 * organization only, and the child tables whose parent row has it (settings.repository, EXPORT_CHILDREN); hashes, sealed secrets, tokens and outbox bodies are left out (settings.repository).
 * Rows are read in physical order in batches: a row changed while the export runs may appear twice.
 */
export function exportHandler(ctx: AppContext) {
  return async (job: JobRow, jc: JobContext): Promise<ExportResult> => {
    const orgId = job.orgId!;
    const store = blobStoreFor(ctx);
    const staged = await store.stagingFile();
    const out = createWriteStream(staged);
    let rows = 0;
    let bytes = 0;
    const write = async (line: string) => {
      bytes += Buffer.byteLength(line) + 1;
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    };
    try {
      await write(JSON.stringify({ table: 'organizations', row: await repo.organizationJson(jc.db, orgId) }));
      rows += 1;
      const tables = await repo.exportTables(jc.db);
      for (const [i, t] of tables.entries()) {
        let after = '(0,0)';
        for (;;) {
          const batch = await repo.exportBatch(jc.db, t, orgId, after, BATCH);
          for (const r of batch) await write(JSON.stringify({ table: t.table, row: r.row }));
          rows += batch.length;
          if (batch.length < BATCH) break;
          after = batch[batch.length - 1]!.ctid;
          await jc.heartbeat({ rows, table: t.table, tablesDone: i, tables: tables.length });
        }
        await jc.heartbeat({ rows, table: t.table, tablesDone: i + 1, tables: tables.length });
      }
      out.end();
      await once(out, 'finish');
    } catch (err) {
      out.destroy();
      throw err;
    }
    const fileKey = newBlobKey();
    await store.put(fileKey, staged);
    return { fileKey, rows, bytes };
  };
}

function toView(j: JobRow): SettingsExport {
  const p = (j.progress ?? {}) as { rows?: number; table?: string; tablesDone?: number; tables?: number };
  const r = (j.status === 'done' ? j.result : null) as ExportResult | null;
  return {
    id: j.id,
    status: j.status,
    progress: { rows: p.rows ?? 0, table: p.table ?? null, tablesDone: p.tablesDone ?? 0, tables: p.tables ?? 0 },
    rows: r?.rows ?? null,
    bytes: r?.bytes ?? null,
    error: j.status === 'failed' ? (j.lastError ?? 'failed') : null,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}

export async function createExport(db: Db, caller: Caller): Promise<SettingsExport> {
  const id = await db.transaction(async (tx) => {
    await enqueueJob(tx, { orgId: caller.orgId, kind: EXPORT_JOB, maxAttempts: 3 });
    const [row] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.orgId, caller.orgId), eq(jobs.kind, EXPORT_JOB)))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    await recordAudit(tx, caller, { action: 'create', entityType: 'data_export', entityId: row!.id, after: { kind: EXPORT_JOB } });
    return row!.id;
  });
  return toView((await findExport(db, caller.orgId, id))!);
}

async function findExport(db: Db, orgId: string, id: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.orgId, orgId), eq(jobs.kind, EXPORT_JOB)))
    .limit(1);
  return row ?? null;
}

export async function listExports(db: Db, caller: Caller): Promise<{ items: SettingsExport[] }> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.orgId, caller.orgId), eq(jobs.kind, EXPORT_JOB)))
    .orderBy(desc(jobs.createdAt))
    .limit(LISTED);
  return { items: rows.map(toView) };
}

/** The file of a finished export of the caller's organization; another organization's id is a 404. */
export async function exportFile(ctx: AppContext, caller: Caller, id: string) {
  const row = await findExport(ctx.db, caller.orgId, id);
  const result = row?.status === 'done' ? (row.result as ExportResult | null) : null;
  if (!row || !result) throw notFound('Export file');
  const file = await blobStoreFor(ctx).get(result.fileKey);
  if (!file) throw notFound('Export file');
  return { ...file, name: `export-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.jsonl` };
}
