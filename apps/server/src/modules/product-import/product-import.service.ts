import { createReadStream } from 'node:fs';
import type { productImportRoutes as c } from '@market/contracts';
import { IMPORT_LIMITS } from '@market/contracts/plain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { csvRow } from '../../lib/spreadsheet.js';
import { userNames } from '../products/index.js';
import { blobStoreFor, fileError, formError, receiveFormFile } from '../storage/index.js';
import { detect, inspect, removeStaged, sheetNames, openFile, storeStaged } from './import-file.js';
import { extractZip } from './import-zip.js';
import { DEFAULT_OPTIONS, suggestMapping } from './import-mapping.js';
import { DRY_RUN_JOB, enqueueImportJob, RUN_JOB, settingsKey, zeroCounts } from './product-import.jobs.js';
import * as repo from './product-import.repository.js';

/** A running import whose worker has not reported for this long is shown as stalled (the job lease is 60 s). */
const STALLED_AFTER_MS = 90_000;
const EDITABLE: readonly string[] = ['draft', 'validated'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function progressOf(row: repo.ImportRow): c.ImportProgress | null {
  if (!row.phase || !row.startedAt) return null;
  const end = row.finishedAt && row.finishedAt >= row.startedAt ? row.finishedAt : new Date();
  const seconds = Math.max(0.001, (end.getTime() - row.startedAt.getTime()) / 1000);
  const processed = row.processedRows;
  const total = row.phase === 'run' ? (row.dryRun?.rows ?? null) : row.state === 'validating' ? null : row.totalRows;
  const rate = processed > 0 ? processed / seconds : null;
  return {
    phase: row.phase,
    processedRows: processed,
    totalRows: total,
    counts: row.counts ?? zeroCounts(),
    rowsPerSecond: rate === null ? null : Math.round(rate * 10) / 10,
    secondsLeft: rate && total !== null && !row.finishedAt ? Math.max(0, Math.round((total - processed) / rate)) : null,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

const isStalled = (row: repo.ImportRow) =>
  (row.state === 'running' || row.state === 'validating') && !!row.heartbeatAt && Date.now() - row.heartbeatAt.getTime() > STALLED_AFTER_MS;

async function toSummary(db: Db, row: repo.ImportRow, profileName?: string | null): Promise<c.ImportSummary> {
  const names = await userNames(db, [row.createdBy]);
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    format: row.format,
    state: row.state,
    stalled: isStalled(row),
    profileId: row.profileId,
    profileName: profileName === undefined ? await repo.profileName(db, row.profileId) : profileName,
    dryRun: row.dryRun,
    run: row.run,
    archived: row.archived,
    sourceImportId: row.sourceImportId,
    createdBy: row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? 'Unknown user' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toDetail(db: Db, row: repo.ImportRow): Promise<c.ImportDetail> {
  return {
    ...(await toSummary(db, row)),
    encoding: row.encoding as c.ImportDetail['encoding'],
    delimiter: row.delimiter,
    sheet: row.sheet,
    sheets: row.sheets,
    headers: row.headers,
    sample: row.sample,
    mapping: row.mapping,
    options: row.options,
    progress: progressOf(row),
    error: row.error,
    canRun: row.state === 'validated' && row.dryRunKey === settingsKey(row),
  };
}

async function load(db: Db, caller: Caller, id: string, lock = false): Promise<repo.ImportRow> {
  const row = await repo.findImport(db, caller.orgId, id, lock);
  if (!row) throw notFound('Import');
  return row;
}

export async function getImport(db: Db, caller: Caller, id: string): Promise<c.ImportDetail> {
  return toDetail(db, await load(db, caller, id));
}

export async function listImports(
  db: Db,
  caller: Caller,
  query: { cursor?: string; limit: number },
): Promise<{ items: c.ImportSummary[]; nextCursor: string | null }> {
  let after: { createdAt: Date; id: string } | null = null;
  if (query.cursor) {
    const [t, id] = Buffer.from(query.cursor, 'base64url').toString().split('|');
    const createdAt = new Date(t ?? '');
    if (!id || Number.isNaN(createdAt.getTime()))
      throw new AppError(400, 'bad_request', 'The cursor is not valid', [{ field: 'cursor', message: 'is not valid' }]);
    after = { createdAt, id };
  }
  const rows = await repo.listImports(db, caller.orgId, after, query.limit);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await Promise.all(page.map((r) => toSummary(db, r.row, r.profileName))),
    nextCursor:
      rows.length > query.limit && last ? Buffer.from(`${last.row.createdAt.toISOString()}|${last.row.id}`).toString('base64url') : null,
  };
}

const tooLarge = () => fileError(413, 'payload_too_large', `The file is larger than ${IMPORT_LIMITS.fileBytes / (1024 * 1024)} MB`);

/** A new import from an uploaded file: stored, its format detected, headers and first rows read, the mapping suggested. */
export async function uploadImport(
  ctx: AppContext,
  caller: Caller,
  req: FastifyRequest,
  profileId: string | undefined,
): Promise<c.ImportDetail> {
  const profile = profileId ? await repo.findProfile(ctx.db, caller.orgId, profileId) : null;
  if (profileId && !profile)
    throw new AppError(422, 'validation_failed', 'The profile does not exist', [
      { field: 'profileId', message: 'is not a profile of this organization' },
    ]);
  const store = blobStoreFor(ctx);
  const { staged, fileName } = await receiveFormFile(req, store, {
    limit: IMPORT_LIMITS.fileBytes,
    tooLarge,
    toError: (err) => formError(err, tooLarge) ?? err,
    fileName: (raw) =>
      (raw ?? 'import')
        .split(/[\\/]/)
        .pop()!
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .slice(0, 200) || 'import',
  });
  let key: string | null = null;
  let sourceKey: string | null = null;
  let images: repo.ImportRow['images'] = {};
  let dataFile = staged.file;
  try {
    let found = await detect(staged.file);
    // A ZIP that is not a workbook carries the data file and its images.
    if (found.format === 'xlsx' && !(await sheetNames(createReadStream(staged.file))).length) {
      const zip = await extractZip(createReadStream(staged.file), staged.size, store);
      images = zip.images;
      dataFile = zip.data.file;
      found = await detect(dataFile);
      sourceKey = await storeStaged(store, staged.file);
    }
    key = await storeStaged(store, dataFile);
    const sheets = found.format === 'xlsx' ? await sheetNames(await openFile(store, key)) : [];
    if (found.format === 'xlsx' && !sheets.length)
      throw new AppError(415, 'unsupported_media_type', 'The file is not an XLSX workbook', [
        { field: 'file', message: 'must be a CSV, an XLSX workbook, or a ZIP of one with its images' },
      ]);
    const settings = { ...found, sheet: sheets[0] ?? null };
    const { headers, sample } = await inspect(store, key, settings);
    const attributes = (await repo.referenceData(ctx.db, caller.orgId)).attributeRows;
    const row = await repo.insertImport(ctx.db, {
      orgId: caller.orgId,
      fileName,
      fileKey: key,
      fileSize: staged.size,
      sourceKey,
      images,
      ...settings,
      sheets,
      headers,
      sample,
      profileId: profile?.id ?? null,
      mapping: profile ? profile.mapping : suggestMapping(headers, attributes),
      options: profile ? profile.options : DEFAULT_OPTIONS,
      createdBy: caller.userId,
    });
    return toDetail(ctx.db, row);
  } catch (err) {
    for (const k of [key, sourceKey, ...Object.values(images).map((i) => i?.key ?? null)]) if (k) await store.delete(k);
    throw err;
  } finally {
    await removeStaged(staged.file);
    if (dataFile !== staged.file) await removeStaged(dataFile);
  }
}

export async function updateImport(ctx: AppContext, caller: Caller, id: string, body: c.ImportUpdate): Promise<c.ImportDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await load(tx as Db, caller, id, true);
    assertUnchanged(row.updatedAt, body.expectedUpdatedAt);
    if (
      !EDITABLE.includes(row.state) &&
      !(row.state !== 'running' && row.state !== 'queued' && row.state !== 'validating' && row.committedRows === 0 && row.phase !== 'run')
    )
      throw conflict('This import has run; start a new import to change how the file is read or mapped');
    const profile = body.profileId ? await repo.findProfile(tx, caller.orgId, body.profileId) : null;
    if (body.profileId && !profile)
      throw new AppError(422, 'validation_failed', 'The profile does not exist', [
        { field: 'profileId', message: 'is not a profile of this organization' },
      ]);
    const next = {
      encoding: body.encoding ?? row.encoding,
      delimiter: body.delimiter ?? row.delimiter,
      sheet: body.sheet ?? row.sheet,
      mapping: body.mapping ?? profile?.mapping ?? row.mapping,
      options: body.options ?? profile?.options ?? row.options,
      profileId: body.profileId === undefined ? row.profileId : body.profileId,
    };
    if (row.format === 'xlsx' && body.sheet && !row.sheets.includes(body.sheet))
      throw new AppError(422, 'validation_failed', 'The workbook has no such sheet', [
        { field: 'sheet', message: `must be one of ${row.sheets.join(', ')}` },
      ]);
    let reread = {};
    if (next.encoding !== row.encoding || next.delimiter !== row.delimiter || next.sheet !== row.sheet) {
      const read = await inspect(blobStoreFor(ctx), row.fileKey, {
        format: row.format,
        encoding: next.encoding as never,
        delimiter: next.delimiter,
        sheet: next.sheet,
      });
      reread = read;
      if (body.mapping === undefined && !profile) {
        const attributes = (await repo.referenceData(tx, caller.orgId)).attributeRows;
        next.mapping = suggestMapping(read.headers, attributes);
      }
    }
    const changed = settingsKey({ fileKey: row.fileKey, ...next }) !== settingsKey(row);
    const updated = await repo.setImport(tx, row.id, {
      ...next,
      ...reread,
      ...(changed ? { state: 'draft', dryRunKey: null } : {}),
    });
    return toDetail(tx as Db, updated);
  });
}

export async function startDryRun(ctx: AppContext, caller: Caller, id: string, expectedUpdatedAt: string): Promise<c.ImportDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await load(tx as Db, caller, id, true);
    assertUnchanged(row.updatedAt, expectedUpdatedAt);
    if (!EDITABLE.includes(row.state) && !(row.phase !== 'run' && (row.state === 'failed' || row.state === 'cancelled')))
      throw conflict(`A dry run cannot start while the import is ${row.state}`);
    if (!row.mapping.some((m) => m.target !== 'ignore'))
      throw new AppError(422, 'validation_failed', 'Map at least one column before the dry run', [
        { field: 'mapping', message: 'maps no column' },
      ]);
    const updated = await repo.setImport(tx, row.id, {
      state: 'validating',
      phase: 'dry_run',
      processedRows: 0,
      counts: zeroCounts(),
      dryRun: null,
      dryRunKey: null,
      cancelRequested: false,
      error: null,
      startedAt: new Date(),
      heartbeatAt: new Date(),
      finishedAt: null,
    });
    await enqueueImportJob(tx, updated, DRY_RUN_JOB);
    return toDetail(tx as Db, updated);
  });
}

export async function startRun(ctx: AppContext, caller: Caller, id: string, expectedUpdatedAt: string): Promise<c.ImportDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await load(tx as Db, caller, id, true);
    assertUnchanged(row.updatedAt, expectedUpdatedAt);
    if (row.state !== 'validated' || row.dryRunKey !== settingsKey(row))
      throw conflict('Run the dry run again first: the import was changed since, or has no dry run', [
        { field: 'state', message: 'needs a current dry run' },
      ]);
    const updated = await repo.setImport(tx, row.id, {
      state: 'queued',
      phase: 'run',
      processedRows: 0,
      committedRows: 0,
      counts: zeroCounts(),
      run: null,
      cancelRequested: false,
      error: null,
      startedAt: null,
      heartbeatAt: new Date(),
      finishedAt: null,
    });
    await enqueueImportJob(tx, updated, RUN_JOB);
    return toDetail(tx as Db, updated);
  });
}

export async function cancelImport(ctx: AppContext, caller: Caller, id: string, expectedUpdatedAt: string): Promise<c.ImportDetail> {
  void expectedUpdatedAt; // a cancel is wanted whatever progress was reported meanwhile
  return ctx.db.transaction(async (tx) => {
    const row = await load(tx as Db, caller, id, true);
    if (!['validating', 'queued', 'running'].includes(row.state)) throw conflict(`There is nothing to cancel: the import is ${row.state}`);
    const updated = await repo.setImport(
      tx,
      row.id,
      row.state === 'queued' ? { state: 'cancelled', cancelRequested: true, finishedAt: new Date() } : { cancelRequested: true },
    );
    return toDetail(tx as Db, updated);
  });
}

/** CSV text of the rows that failed in a phase: the file's columns and a Reason column, in pages (bounded memory). */
export async function* errorCsv(db: Db, row: repo.ImportRow, phase: 'dry_run' | 'run'): AsyncGenerator<string> {
  yield `\uFEFF${csvRow([...row.headers, 'Reason'])}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await repo.rowsPage(db, row.id, phase, 'error', after, 1000);
    if (!rows.length) return;
    let chunk = '';
    for (const r of rows) {
      const cells = row.headers.map((_, i) => r.cells?.[i] ?? '');
      chunk += `${csvRow([...cells, r.errors.map((e) => (e.field === 'row' ? e.message : `${e.field}: ${e.message}`)).join('; ')])}\r\n`;
    }
    yield chunk;
    after = rows[rows.length - 1]!.rowNo;
  }
}

export async function importForFile(db: Db, caller: Caller, id: string): Promise<repo.ImportRow> {
  return load(db, caller, id);
}

/** A new import of the rows that failed, as a CSV with the same columns, mapping and options. */
export async function retryFailed(ctx: AppContext, caller: Caller, id: string): Promise<c.ImportDetail> {
  const row = await load(ctx.db, caller, id);
  const phase = row.run ? 'run' : row.dryRun ? 'dry_run' : null;
  const failed = phase === 'run' ? row.run!.error : phase === 'dry_run' ? row.dryRun!.error : 0;
  if (!phase || !failed) throw conflict('No row of this import failed');
  const store = blobStoreFor(ctx);
  const staged = await store.stagingFile();
  const { createWriteStream } = await import('node:fs');
  const out = createWriteStream(staged);
  let size = 0;
  out.write(`\uFEFF${csvRow(row.headers)}\r\n`);
  let after = 0;
  for (;;) {
    const rows = await repo.rowsPage(ctx.db, row.id, phase, 'error', after, 1000);
    if (!rows.length) break;
    for (const r of rows) {
      const line = `${csvRow(row.headers.map((_, i) => r.cells?.[i] ?? ''))}\r\n`;
      size += Buffer.byteLength(line);
      out.write(line);
    }
    after = rows[rows.length - 1]!.rowNo;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const key = await storeStaged(store, staged);
  const { headers, sample } = await inspect(store, key, { format: 'csv', encoding: 'utf-8', delimiter: ',', sheet: null });
  const created = await repo.insertImport(ctx.db, {
    orgId: caller.orgId,
    fileName: `${row.fileName.replace(/\.(csv|txt|xlsx)$/i, '')}-failed-rows.csv`,
    fileKey: key,
    fileSize: size,
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    sheet: null,
    headers,
    sample,
    profileId: row.profileId,
    mapping: row.mapping,
    options: { ...row.options, missing: 'keep' },
    sourceImportId: row.id,
    createdBy: caller.userId,
  });
  return toDetail(ctx.db, created);
}

export async function listRows(
  db: Db,
  caller: Caller,
  id: string,
  query: { phase: 'dry_run' | 'run'; outcome?: string; cursor?: string; limit: number },
): Promise<{ items: c.ImportRow[]; nextCursor: string | null }> {
  const row = await load(db, caller, id);
  const after = query.cursor ? Number(query.cursor) : 0;
  if (!Number.isInteger(after) || after < 0)
    throw new AppError(400, 'bad_request', 'The cursor is not valid', [{ field: 'cursor', message: 'is not valid' }]);
  const rows = await repo.rowsPage(db, row.id, query.phase, query.outcome, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      rowNo: r.rowNo,
      outcome: r.outcome,
      sku: r.sku,
      productId: r.productId,
      changes: r.changes ?? [],
      errors: r.errors ?? [],
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.rowNo) : null,
  };
}

// ---- profiles ----

const toProfile = (p: repo.ProfileRow): c.ImportProfile => ({
  id: p.id,
  name: p.name,
  mapping: p.mapping,
  options: p.options,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
const nameTaken = () => conflict('A profile with this name exists', [{ field: 'name', message: 'is already used by another profile' }]);

export async function listProfiles(db: Db, caller: Caller): Promise<c.ImportProfile[]> {
  return (await repo.listProfiles(db, caller.orgId)).map(toProfile);
}

export async function createProfile(
  db: Db,
  caller: Caller,
  body: { name: string; mapping: c.ImportMapping; options: c.ImportOptions },
): Promise<c.ImportProfile> {
  try {
    return toProfile(await repo.insertProfile(db, { orgId: caller.orgId, ...body, createdBy: caller.userId }));
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateProfile(
  db: Db,
  caller: Caller,
  id: string,
  body: { expectedUpdatedAt: string; name?: string; mapping?: c.ImportMapping; options?: c.ImportOptions },
): Promise<c.ImportProfile> {
  try {
    return await db.transaction(async (tx) => {
      const p = await repo.findProfile(tx, caller.orgId, id, true);
      if (!p) throw notFound('Profile');
      assertUnchanged(p.updatedAt, body.expectedUpdatedAt);
      const { expectedUpdatedAt: _e, ...fields } = body;
      return toProfile(await repo.updateProfile(tx, p.id, fields));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function deleteProfile(db: Db, caller: Caller, id: string): Promise<void> {
  const p = await repo.findProfile(db, caller.orgId, id);
  if (!p) throw notFound('Profile');
  await repo.deleteProfile(db, p.id);
}
