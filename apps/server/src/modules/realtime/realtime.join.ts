import type { Binding, ChangeEvent } from './realtime.connection.js';
import { parseFilter } from './realtime.filters.js';
import { realtimePolicy, realtimeTables } from './realtime.policies.js';
import type { ColumnInfo } from './realtime.repository.js';

export interface JoinRequest {
  accessToken: string | null;
  /** Supabase's private channel: authorized per topic (realtime.topics.ts), apart from the public channel of the same name. */
  private: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** Bindings in the client's order: the reply must keep it. */
  bindings: Omit<Binding, 'id' | 'echo'>[];
  echoes: Omit<Binding['echo'], 'id'>[];
}

type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

const EVENTS: Record<string, ChangeEvent> = { '*': '*', insert: 'INSERT', update: 'UPDATE', delete: 'DELETE' };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optBool = (v: unknown): boolean | null => (v === undefined || v === null ? false : typeof v === 'boolean' ? v : null);

/**
 * Reads a phx_join payload {config: {broadcast, presence, postgres_changes, private}, access_token}. Who may join is
 * decided later (realtime.topics.ts); this refuses what it cannot serve rather than subscribing to less than was asked: unknown schema, unregistered table, bad filter.
 */
export async function parseJoin(
  payload: unknown,
  columnsOf: (table: string) => Promise<ColumnInfo[]>,
  maxBindings: number,
): Promise<Result<JoinRequest>> {
  if (!isObject(payload)) return { ok: false, reason: 'join payload must be an object' };
  const token = payload.access_token;
  if (token !== undefined && token !== null && typeof token !== 'string') return { ok: false, reason: 'access_token must be a string' };
  const config = payload.config ?? {};
  if (!isObject(config)) return { ok: false, reason: 'config must be an object' };
  const isPrivate = optBool(config.private);
  if (isPrivate === null) return { ok: false, reason: 'config.private must be a boolean' };

  const broadcast = config.broadcast ?? {};
  const presence = config.presence ?? {};
  if (!isObject(broadcast) || !isObject(presence)) return { ok: false, reason: 'config.broadcast and config.presence must be objects' };
  const self = optBool(broadcast.self);
  const ack = optBool(broadcast.ack);
  const presenceEnabled = optBool(presence.enabled);
  const presenceKey = presence.key ?? '';
  if (self === null || ack === null || presenceEnabled === null || typeof presenceKey !== 'string' || presenceKey.length > 255) {
    return { ok: false, reason: 'invalid broadcast or presence config' };
  }

  const raw = config.postgres_changes ?? [];
  if (!Array.isArray(raw)) return { ok: false, reason: 'config.postgres_changes must be an array' };
  if (raw.length > maxBindings) return { ok: false, reason: `at most ${maxBindings} postgres_changes bindings per channel` };
  const bindings: JoinRequest['bindings'] = [];
  const echoes: JoinRequest['echoes'] = [];
  for (const b of raw) {
    const parsed = await parseBinding(b, columnsOf);
    if (!parsed.ok) return parsed;
    bindings.push(parsed.value.binding);
    echoes.push(parsed.value.echo);
  }
  return { ok: true, value: { accessToken: token ?? null, private: isPrivate, self, ack, presenceKey, presenceEnabled, bindings, echoes } };
}

async function parseBinding(
  b: unknown,
  columnsOf: (table: string) => Promise<ColumnInfo[]>,
): Promise<Result<{ binding: JoinRequest['bindings'][number]; echo: JoinRequest['echoes'][number] }>> {
  if (!isObject(b)) return { ok: false, reason: 'each postgres_changes binding must be an object' };
  const { event, schema, table, filter } = b;
  const ev = typeof event === 'string' ? EVENTS[event.toLowerCase()] : undefined;
  if (!ev) return { ok: false, reason: 'postgres_changes event must be one of *, INSERT, UPDATE, DELETE' };
  if (schema !== 'public') return { ok: false, reason: `Unauthorized: schema "${String(schema)}" is not available for realtime` };
  if (table !== undefined && table !== null && typeof table !== 'string')
    return { ok: false, reason: 'postgres_changes table must be a string' };
  if (filter !== undefined && filter !== null && typeof filter !== 'string')
    return { ok: false, reason: 'postgres_changes filter must be a string' };
  const echo: JoinRequest['echoes'][number] = { event: event as string, schema };
  if (typeof table === 'string') echo.table = table;
  if (typeof filter === 'string') echo.filter = filter;

  const wildcard = table === undefined || table === null || table === '*';
  if (wildcard) {
    if (filter) return { ok: false, reason: 'a filter needs a table' };
    if (realtimeTables().length === 0) return { ok: false, reason: 'Unauthorized: no table is available for realtime' };
    return { ok: true, value: { binding: { event: ev, table: null, filter: null }, echo } };
  }
  if (!realtimePolicy(table)) return { ok: false, reason: `Unauthorized: table "${table}" is not available for realtime` };
  const columns = await columnsOf(table);
  if (columns.length === 0) return { ok: false, reason: `table "${table}" does not exist` };
  if (!filter) return { ok: true, value: { binding: { event: ev, table, filter: null }, echo } };
  const f = parseFilter(filter);
  if ('error' in f) return { ok: false, reason: f.error };
  if (!columns.some((c) => c.name === f.column))
    return { ok: false, reason: `invalid filter: column "${f.column}" does not exist in "${table}"` };
  return { ok: true, value: { binding: { event: ev, table, filter: f }, echo } };
}
