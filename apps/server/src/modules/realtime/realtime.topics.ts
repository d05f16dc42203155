import type { PermissionKey } from '@market/contracts';
import { isPublicTable, type Viewer } from './realtime.policies.js';

/**
 * Who meets whom on a channel, and what they may do there (docs/decisions/009-realtime-channels.md).
 * Channels meet only under the same key: privacy + scope + topic. The scope of a member is the organization,
 * so two organizations using the same topic name never meet; a private and a public channel of the same
 * name never meet either (as in Supabase Realtime).
 */
export interface ChannelGrant {
  key: string;
  /** May send broadcasts (socket or REST). Receiving follows from being under the key. */
  send: boolean;
  /** May track presence and see the topic's presence state. */
  presence: boolean;
}

export type GrantResult = { ok: true; grant: ChannelGrant } | { ok: false; reason: string };

export interface ChannelRequest {
  /** The full topic the client joined, `realtime:<sub-topic>`. */
  topic: string;
  private: boolean;
  presence: boolean;
  /** Tables of the postgres_changes bindings; null for an all-tables binding. */
  tables: (string | null)[];
}

/** Public broadcast topics: one room for everyone, signed in or not; only the service key sends there, no presence. */
export const PUBLIC_TOPIC_PREFIX = 'public:';

/**
 * Private channels whose sub-topic starts with `<prefix>:` need that permission key; every other private
 * topic needs membership of the organization. Read and write need the same key.
 */
export const PRIVATE_TOPIC_RULES: Readonly<Record<string, PermissionKey>> = {
  products: 'products',
  assets: 'assets',
  import: 'import',
  workflows: 'workflows',
  tasks: 'tasks',
  'master-data': 'master_data',
  publishing: 'catalog_publishing',
  integrations: 'integrations',
  market: 'vendor_management',
  vendors: 'vendor_management',
  users: 'users',
  settings: 'settings',
};

export const subTopicOf = (topic: string): string => topic.replace(/^realtime:/i, '');
export const readDenied = (sub: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`;
export const writeDenied = (sub: string) => `Unauthorized: You do not have permissions to write to this Channel topic: ${sub}`;
export const presenceDenied = (sub: string) => `Unauthorized: You do not have permissions to track presence on this Channel topic: ${sub}`;

// Control characters and lone surrogates (JSON escapes can carry them) make topics that look alike but differ.
const ODD = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Null when the topic may be joined at all; otherwise why not. */
export function topicProblem(topic: string): string | null {
  if (!/^realtime:/i.test(topic) || Buffer.byteLength(topic) > 255)
    return 'unmatched topic: topics start with "realtime:" and have at most 255 bytes';
  if (subTopicOf(topic) === '') return 'unmatched topic: the topic name is empty';
  if (ODD.test(topic)) return 'unmatched topic: control characters and lone surrogates are not allowed';
  return null;
}

/** The permission a private sub-topic needs; null when membership is enough. */
export function requiredPermission(sub: string): PermissionKey | null {
  const i = sub.indexOf(':');
  if (i <= 0) return null;
  return Object.hasOwn(PRIVATE_TOPIC_RULES, sub.slice(0, i)) ? PRIVATE_TOPIC_RULES[sub.slice(0, i)]! : null;
}

/** A user who belongs to an organization and passed its second factor (the resolver downgrades the others). */
const memberOrg = (v: Viewer): string | null => (v.kind === 'user' ? v.orgId : null);
const keyOf = (priv: boolean, scope: string, topic: string) => `${priv ? 'private' : 'public'}\u0000${scope}\u0000${topic}`;

/** Decides a join (and every later re-check of the same channel with a new or refreshed token). */
export function authorizeChannel(viewer: Viewer, req: ChannelRequest): GrantResult {
  const sub = subTopicOf(req.topic);
  const orgId = memberOrg(viewer);
  const result = (grant: ChannelGrant): GrantResult =>
    req.presence && !grant.presence ? { ok: false, reason: presenceDenied(sub) } : { ok: true, grant };

  // Anonymous sockets (and sessions short of their second factor) may bind only the public tables, the ones the
  // sign-in page needs, whatever the topic.
  if (viewer.kind === 'anonymous' && !req.tables.every((t) => t !== null && isPublicTable(t)))
    return { ok: false, reason: readDenied(sub) };
  if (req.private) {
    if (!orgId || viewer.kind !== 'user') return { ok: false, reason: readDenied(sub) };
    const needed = requiredPermission(sub);
    if (needed && !viewer.access.permissions.includes(needed)) return { ok: false, reason: readDenied(sub) };
    return result({ key: keyOf(true, `org:${orgId}`, req.topic), send: true, presence: true });
  }
  if (sub.startsWith(PUBLIC_TOPIC_PREFIX)) {
    return result({ key: keyOf(false, 'public', req.topic), send: viewer.kind === 'service', presence: false });
  }
  if (orgId) return result({ key: keyOf(false, `org:${orgId}`, req.topic), send: true, presence: true });
  // Without an organization (service key, anonymous, a user without membership) there is nobody to share broadcast
  // or presence with: only postgres_changes channels, whose rows each table's read policy filters (the service key
  // reads every registered table). Nothing is ever sent under the 'none' scope.
  if (req.tables.length === 0) return { ok: false, reason: readDenied(sub) };
  return result({ key: keyOf(false, 'none', req.topic), send: false, presence: false });
}
