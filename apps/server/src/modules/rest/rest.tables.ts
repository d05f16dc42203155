import { sql, type SQL } from 'drizzle-orm';
import type { PermissionKey } from '@market/contracts';

/** The column types a filter value is checked against before it reaches SQL (a bad value is a 400, not a 500). */
export type ColumnType = 'uuid' | 'text' | 'bool' | 'int' | 'timestamptz';

/** Who reads, as the row policies see them (PostgREST's roles and auth.uid()). */
export type Reader =
  | { kind: 'anon' }
  | { kind: 'service' }
  | {
      kind: 'user';
      userId: string;
      orgId: string | null;
      /** The stored role, as user_roles holds it. */
      role: string | null;
      permissions: readonly PermissionKey[];
      /** A second factor is enrolled and this session has not passed it: the user's own rows only. */
      mfaPending: boolean;
    };

export interface RestTable {
  name: string;
  columns: Readonly<Record<string, ColumnType>>;
  /** At most this many rows per answer (else MAX_ROWS). */
  maxRows?: number;
  /** The rows a reader may see, as a condition on the table (aliased `t`); service keys see every row. */
  readable(reader: Reader): SQL;
}

const ownRows = (reader: Reader): SQL => (reader.kind === 'user' ? sql`t.user_id = ${reader.userId}::uuid` : sql`false`);

/**
 * The tables the shell reads through a Supabase client (seed, section 7), and nothing else: a table not listed is
 * a 404, so no new table is ever exposed by accident. Each has the row policy a Supabase project would give it:
 *  - a user's own membership, roles and profile;
 *  - the permission matrix rows of the user's organization for the user's own role, or for every role when the user
 *    may manage users (the matrix editor's readers); a session still owing its second factor sees none;
 *  - the shipped languages and translations, reference data anyone reads (as realtime already serves them).
 */
const TABLES: RestTable[] = [
  {
    name: 'organization_memberships',
    columns: { id: 'uuid', user_id: 'uuid', org_id: 'uuid', created_at: 'timestamptz' },
    readable: ownRows,
  },
  {
    name: 'user_roles',
    columns: { id: 'uuid', user_id: 'uuid', role: 'text', org_id: 'uuid', created_at: 'timestamptz' },
    readable: ownRows,
  },
  {
    name: 'role_permission_matrix',
    columns: {
      id: 'uuid',
      org_id: 'uuid',
      role_name: 'text',
      permission_key: 'text',
      is_enabled: 'bool',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    readable: (reader) => {
      if (reader.kind !== 'user' || !reader.orgId || reader.mfaPending) return sql`false`;
      if (reader.permissions.includes('users')) return sql`t.org_id = ${reader.orgId}::uuid`;
      if (!reader.role) return sql`false`;
      return sql`t.org_id = ${reader.orgId}::uuid and t.role_name = ${reader.role}`;
    },
  },
  {
    name: 'profiles',
    columns: {
      id: 'uuid',
      user_id: 'uuid',
      full_name: 'text',
      email: 'text',
      avatar_url: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    readable: ownRows,
  },
  {
    name: 'languages',
    columns: {
      id: 'uuid',
      code: 'text',
      name: 'text',
      native_name: 'text',
      is_default: 'bool',
      is_active: 'bool',
      sort_order: 'int',
      text_direction: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    readable: () => sql`true`,
  },
  {
    name: 'translations',
    columns: { id: 'uuid', key: 'text', language: 'text', value: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
    // The shell reads every shipped string at start (about 9,300 rows): one answer, as the seed's call expects.
    maxRows: 50_000,
    readable: () => sql`true`,
  },
];

export const REST_TABLES: ReadonlyMap<string, RestTable> = new Map(TABLES.map((t) => [t.name, t]));

/** The columns a profile write may name (the seed's upsert: user_id, full_name, email, avatar_url, updated_at). */
export const PROFILE_WRITABLE = ['user_id', 'full_name', 'email', 'avatar_url', 'updated_at'] as const;
