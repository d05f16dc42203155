import type { FastifyBaseLogger } from 'fastify';
import type { RowChange } from './realtime.changes.js';
import type { Channel } from './realtime.connection.js';
import { matchesFilter } from './realtime.filters.js';
import { realtimePolicy, type RealtimeReadPolicy, type Viewer } from './realtime.policies.js';

/** The `data` of a postgres_changes message, as Supabase Realtime sends it (realtime-js turns it into {eventType, new, old}). */
export function changeData(change: RowChange): Record<string, unknown> {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: change.columns,
    errors: null,
  };
  if (change.type !== 'DELETE') data.record = change.record ?? {};
  if (change.type !== 'INSERT') data.old_record = change.oldRecord ?? {};
  return data;
}

/** Ids of the channel's bindings that this change satisfies. */
function matchingIds(ch: Channel, change: RowChange, row: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const b of ch.bindings) {
    if (b.table !== null && b.table !== change.table) continue;
    if (b.event !== '*' && b.event !== change.type) continue;
    if (b.filter && !matchesFilter(b.filter, row)) continue;
    ids.push(b.id);
  }
  return ids;
}

function allowed(
  policy: RealtimeReadPolicy,
  viewer: Viewer,
  row: Record<string, unknown>,
  log: FastifyBaseLogger,
): boolean | Promise<boolean> {
  if (viewer.kind === 'service') return true;
  try {
    const r = policy(viewer, row);
    if (typeof r === 'boolean') return r;
    return Promise.resolve(r).then(
      (v) => v === true,
      (err: unknown) => {
        log.error({ err }, 'realtime: read policy failed; row withheld');
        return false;
      },
    );
  } catch (err) {
    log.error({ err }, 'realtime: read policy failed; row withheld');
    return false;
  }
}

/**
 * Sends one change to the channels that subscribed to it and may read the row. The row checked is the new one,
 * or the old one for a DELETE. The shared data is serialised once; only ids and topic differ per channel.
 */
export async function deliverChange(
  change: RowChange,
  candidates: Iterable<Channel>,
  revoke: (ch: Channel, reason: string) => void,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<number> {
  const policy = realtimePolicy(change.table);
  const row = change.type === 'DELETE' ? change.oldRecord : change.record;
  if (!policy || !row) return 0;
  const targets: { ch: Channel; ids: number[]; ok: boolean | Promise<boolean> }[] = [];
  let async = false;
  for (const ch of candidates) {
    if (ch.closed) continue;
    const ids = matchingIds(ch, change, row);
    if (ids.length === 0) continue;
    if (ch.auth.expiresAt <= now) {
      revoke(ch, 'Token has expired');
      continue;
    }
    const ok = allowed(policy, ch.auth.viewer, row, log);
    if (typeof ok !== 'boolean') async = true;
    targets.push({ ch, ids, ok });
  }
  if (targets.length === 0) return 0;
  const verdicts = async ? await Promise.all(targets.map((t) => t.ok)) : targets.map((t) => t.ok as boolean);
  const dataJson = JSON.stringify(changeData(change));
  let sent = 0;
  targets.forEach((t, i) => {
    if (!verdicts[i] || t.ch.closed) return;
    t.ch.pushRaw('postgres_changes', `{"ids":[${t.ids.join(',')}],"data":${dataJson}}`);
    sent++;
  });
  return sent;
}
