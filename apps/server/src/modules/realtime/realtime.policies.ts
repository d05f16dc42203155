import type { AccessContext } from '../../lib/principal.js';

/** Who receives a change: resolved from the join's access_token (or the socket's apikey) and re-checked while subscribed. */
export type Viewer =
  | { kind: 'anonymous'; userId: null; orgId: null }
  | { kind: 'service'; userId: null; orgId: null }
  | { kind: 'user'; userId: string; sessionId: string; orgId: string | null; access: AccessContext };

export type RealtimeRow = Readonly<Record<string, unknown>>;

/** Decides whether a viewer may read one row; a throw or a rejected promise counts as "no". */
export type RealtimeReadPolicy = (viewer: Viewer, row: RealtimeRow) => boolean | Promise<boolean>;

const TABLE_RE = /^[a-z_][a-z0-9_]{0,62}$/;
const policies = new Map<string, RealtimeReadPolicy>();

/**
 * Makes a public-schema table subscribable through postgres_changes. Deny by default: a table that is not
 * registered here is refused at join time, whatever triggers announce it. The table also needs the
 * `public.realtime_notify()` trigger (see migration 0001) for its changes to be announced at all.
 */
export function registerRealtimeTable(table: string, policy: RealtimeReadPolicy): void {
  if (!TABLE_RE.test(table)) throw new Error(`registerRealtimeTable: invalid table name "${table}"`);
  const existing = policies.get(table);
  if (existing && existing !== policy) throw new Error(`registerRealtimeTable: "${table}" is already registered with another policy`);
  policies.set(table, policy);
}

export function realtimePolicy(table: string): RealtimeReadPolicy | undefined {
  return policies.get(table);
}

export function realtimeTables(): string[] {
  return [...policies.keys()];
}

/** Reference data every visitor of the SPA may read, signed in or not. */
export const readableByAnyone: RealtimeReadPolicy = () => true;

/**
 * Tables registered with readableByAnyone are the public ones: the only tables a socket without an organization
 * (anonymous, no membership, second factor pending) may bind to. Any other policy counts as members only.
 */
export function isPublicTable(table: string): boolean {
  return policies.get(table) === readableByAnyone;
}

/** Tenant rows: only members of the row's organization (service keys bypass policies in the hub). */
export const readableByOrganization: RealtimeReadPolicy = (viewer, row) =>
  viewer.kind === 'user' && viewer.orgId !== null && row.org_id === viewer.orgId;

registerRealtimeTable('languages', readableByAnyone);
registerRealtimeTable('translations', readableByAnyone);
