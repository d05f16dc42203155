import { randomUUID } from 'node:crypto';
import { effectiveRole, permissionsFor, type PermissionKey } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccess } from '../../src/modules/access/access.service.js';
import { readableByOrganization, registerRealtimeTable } from '../../src/modules/realtime/realtime.policies.js';
import { createUser, tokenFor } from '../factories.js';
import { createTestApp, driver, type TestContext } from '../harness.js';
import { PhoenixSocket } from '../lib/realtime-socket.js';
import { createSubjects, type Subject } from '../lib/subjects.js';

/**
 * T1: every kind of caller x every kind of channel x join / send / receive (and the REST broadcast endpoint),
 * compared with the written table below, which restates docs/decisions/009-realtime-channels.md, not the code.
 */

// An organization-only table made for this suite, announced by the same trigger as the real ones.
const ORG_TABLE = 'rt_matrix_items';
registerRealtimeTable(ORG_TABLE, readableByOrganization);

/** Private topic prefixes and the permission each needs; null: membership is enough. */
const PRIVATE_RULES: Record<string, PermissionKey | null> = {
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
  team: null,
};

type Cls = 'anonymous' | 'service' | 'no-org' | 'member' | 'other-org';
/**
 * join: 'ok' | 'refused'. send: 'refused', or 'ok:' + the organizations whose listeners got it (A = the roles'
 * organization, B = the other one). receive: what reached the caller: A / B (a member's broadcast, presence or row of
 * that organization), S (the service key's public broadcast), T (a row of the public translations table).
 * rest: the REST broadcast's status + ':' + who got it.
 */
interface Row {
  join: string;
  send: string;
  receive: string;
  rest?: string;
}
const DENIED: Row = { join: 'refused', send: 'refused', receive: '' };
const DENIED_REST: Row = { ...DENIED, rest: '403:' };
const IN_A: Row = { join: 'ok', send: 'ok:A', receive: 'A' };
const IN_B: Row = { join: 'ok', send: 'ok:B', receive: 'B' };

const EXPECTED: Record<string, Record<Cls, Row | 'rule'>> = {
  'changes:public-table': {
    anonymous: { join: 'ok', send: 'refused', receive: 'T' },
    service: { join: 'ok', send: 'refused', receive: 'T' },
    'no-org': { join: 'ok', send: 'refused', receive: 'T' },
    member: { ...IN_A, receive: 'T' },
    'other-org': { ...IN_B, receive: 'T' },
  },
  'changes:org-table': {
    anonymous: DENIED,
    service: { join: 'ok', send: 'refused', receive: 'AB' },
    'no-org': { join: 'ok', send: 'refused', receive: '' },
    member: IN_A,
    'other-org': IN_B,
  },
  'broadcast:public': {
    anonymous: { join: 'ok', send: 'refused', receive: 'S', rest: '403:' },
    service: { join: 'ok', send: 'ok:AB', receive: 'S', rest: '202:AB' },
    'no-org': { join: 'ok', send: 'refused', receive: 'S', rest: '403:' },
    member: { join: 'ok', send: 'refused', receive: 'S', rest: '403:' },
    'other-org': { join: 'ok', send: 'refused', receive: 'S', rest: '403:' },
  },
  'broadcast:org': {
    anonymous: DENIED_REST,
    service: DENIED_REST,
    'no-org': DENIED_REST,
    member: { ...IN_A, rest: '202:A' },
    'other-org': { ...IN_B, rest: '202:B' },
  },
  'presence:org': { anonymous: DENIED, service: DENIED, 'no-org': DENIED, member: IN_A, 'other-org': IN_B },
  'presence:private team:': { anonymous: DENIED, service: DENIED, 'no-org': DENIED, member: IN_A, 'other-org': IN_B },
  ...Object.fromEntries(
    Object.keys(PRIVATE_RULES).map((prefix) => [
      `private ${prefix}:`,
      { anonymous: DENIED_REST, service: DENIED_REST, 'no-org': DENIED_REST, member: 'rule', 'other-org': 'rule' },
    ]),
  ),
};

interface Kind {
  name: string;
  sub: string;
  private: boolean;
  mode: 'changes' | 'broadcast' | 'presence';
  table?: string;
  rest: boolean;
  rule?: string;
}

const KINDS: Kind[] = [
  { name: 'changes:public-table', sub: 'i18n', private: false, mode: 'changes', table: 'translations', rest: false },
  { name: 'changes:org-table', sub: 'items', private: false, mode: 'changes', table: ORG_TABLE, rest: false },
  { name: 'broadcast:public', sub: 'public:news', private: false, mode: 'broadcast', rest: true },
  { name: 'broadcast:org', sub: 'room', private: false, mode: 'broadcast', rest: true },
  { name: 'presence:org', sub: 'lobby', private: false, mode: 'presence', rest: false },
  { name: 'presence:private team:', sub: 'team:online', private: true, mode: 'presence', rest: false, rule: 'team' },
  ...Object.keys(PRIVATE_RULES).map((prefix) => ({
    name: `private ${prefix}:`,
    sub: `${prefix}:42`,
    private: true,
    mode: 'broadcast' as const,
    rest: true,
    rule: prefix,
  })),
];

interface Caller {
  s: Subject;
  cls: Cls;
  held: readonly string[];
  token: string | null;
  sock: PhoenixSocket;
  rest: Record<string, string>;
}

let t: TestContext;
let callers: Caller[];
let orgA: string;
let orgB: string;
const probes: Record<'A' | 'B' | 'S', { sock: PhoenixSocket; token: string }> = {} as never;

const bearerOf = (s: Subject) => s.headers.authorization?.replace(/^Bearer /, '') ?? null;
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

function classOf(s: Subject): Cls {
  if (s.name === 'anonymous' || s.name === 'anon key') return 'anonymous';
  if (s.name === 'service key') return 'service';
  if (!s.member) return 'no-org';
  return s.name === 'vendor_manager + matrix rows' ? 'other-org' : 'member';
}

function expected(kind: Kind, c: Caller): Row {
  let row = EXPECTED[kind.name]![c.cls];
  if (row === 'rule') {
    const needed = PRIVATE_RULES[kind.rule!];
    if (needed === undefined) throw new Error(`no written rule for ${kind.name}`);
    const held = needed === null || c.held.includes(needed);
    const inOrg = c.cls === 'member' ? IN_A : IN_B;
    row = held ? { ...inOrg, ...(kind.rest ? { rest: `202:${c.cls === 'member' ? 'A' : 'B'}` } : {}) } : kind.rest ? DENIED_REST : DENIED;
  }
  // No apikey header at all is refused before anyone is looked at.
  return c.s.name === 'anonymous' && row.rest ? { ...row, rest: '401:' } : row;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.db.execute(
    sql.raw(`create table public.${ORG_TABLE} (id uuid primary key default gen_random_uuid(), org_id uuid, name text not null)`),
  );
  await t.app.ctx.db.execute(
    sql.raw(
      `create trigger ${ORG_TABLE}_realtime after insert or update or delete on public.${ORG_TABLE} for each row execute function public.realtime_notify()`,
    ),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const subjects = await createSubjects(t.app);
  orgA = (await loadAccess(t.app.ctx.db, subOf(bearerOf(subjects.find((s) => s.name === 'super_admin')!)!))).organization!.id;
  orgB = (await loadAccess(t.app.ctx.db, subOf(bearerOf(subjects.find((s) => s.name === 'vendor_manager + matrix rows')!)!))).organization!
    .id;
  const anon = t.app.ctx.keys.anon;
  callers = await Promise.all(
    subjects.map(async (s) => {
      const token = bearerOf(s);
      return {
        s,
        cls: classOf(s),
        held: s.member ? permissionsFor(effectiveRole(s.role), s.role ? s.enabled : []) : [],
        token,
        sock: await PhoenixSocket.open(t.app, s.headers.apikey ?? anon),
        rest: (s.name === 'anonymous' ? {} : { apikey: s.headers.apikey ?? anon, authorization: `Bearer ${token}` }) as Record<
          string,
          string
        >,
      };
    }),
  );
  for (const [name, orgId] of [
    ['A', orgA],
    ['B', orgB],
  ] as const) {
    const token = await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' }));
    probes[name] = { sock: await PhoenixSocket.open(t.app, anon), token };
  }
  probes.S = { sock: await PhoenixSocket.open(t.app, t.app.ctx.keys.service), token: t.app.ctx.keys.service };
});
afterAll(async () => {
  for (const c of callers ?? []) c.sock.close();
  for (const p of Object.values(probes)) p.sock.close();
  await t?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 250));
const letters = (xs: string[]) => [...new Set(xs)].sort().join('');

function configOf(kind: Kind, presenceKey: string): Record<string, unknown> {
  return {
    private: kind.private,
    broadcast: { ack: true, self: false },
    presence: { key: presenceKey, enabled: kind.mode === 'presence' },
    postgres_changes: kind.table ? [{ event: 'INSERT', schema: 'public', table: kind.table }] : [],
  };
}

describe(`T1 realtime matrix (${driver})`, { timeout: 180_000 }, () => {
  it('gives every caller on every kind of channel the written outcome', async () => {
    const mismatches: string[] = [];
    const seen = new Set<string>();
    let checks = 0;
    const check = (kind: Kind, c: Caller, op: keyof Row, got: string) => {
      const want = expected(kind, c)[op];
      checks++;
      seen.add(`${op}=${got}`);
      if (got !== want) mismatches.push(`${kind.name} ${op} as ${c.s.name}: expected ${String(want)}, got ${got}`);
    };

    for (const kind of KINDS) {
      const topic = `realtime:${kind.sub}-${randomUUID().slice(0, 8)}`;
      const sub = topic.slice('realtime:'.length);
      const listeners = kind.name === 'broadcast:public' ? (['A', 'B', 'S'] as const) : (['A', 'B'] as const);

      // Join: every caller, then the probes (which must get in: they are the other side of each check).
      const joins = await Promise.all(callers.map((c, i) => c.sock.join(topic, configOf(kind, `caller-${i}`), c.token)));
      callers.forEach((c, i) => check(kind, c, 'join', joins[i]!.status === 'ok' ? 'ok' : 'refused'));
      for (const p of listeners) {
        const r = await probes[p].sock.join(topic, configOf(kind, `probe-${p}`), probes[p].token);
        expect(r.status, `${kind.name}: probe ${p} join ${JSON.stringify(r.response)}`).toBe('ok');
      }

      // Receive: the probes act, each caller reports what reached it.
      if (kind.mode === 'changes') {
        if (kind.table === 'translations') {
          await t.app.ctx.db.execute(sql`insert into translations (key, language, value) values (${`rt.${randomUUID()}`}, 'en', 'T')`);
        } else {
          await t.app.ctx.db.execute(sql`insert into ${sql.identifier(ORG_TABLE)} (org_id, name) values (${orgA}, 'A'), (${orgB}, 'B')`);
        }
      } else if (kind.mode === 'presence') {
        for (const p of listeners)
          expect((await probes[p].sock.request(topic, 'presence', { type: 'presence', event: 'track', payload: { p } })).status).toBe('ok');
      } else {
        const senders = kind.name === 'broadcast:public' ? (['S'] as const) : (['A', 'B'] as const);
        for (const p of senders) {
          expect((await probes[p].sock.request(topic, 'broadcast', { type: 'broadcast', event: `probe-${p}`, payload: {} })).status).toBe(
            'ok',
          );
        }
      }
      await settle();
      for (const c of callers) {
        const got =
          kind.mode === 'changes'
            ? c.sock.rows(topic)
            : kind.mode === 'presence'
              ? c.sock
                  .presenceKeys(topic)
                  .filter((k) => k.startsWith('probe-'))
                  .map((k) => k.slice(6))
              : c.sock
                  .broadcasts(topic)
                  .filter((e) => e.startsWith('probe-'))
                  .map((e) => e.slice(6));
        check(kind, c, 'receive', letters(got));
      }

      // Send: every caller broadcasts (or tracks), the probes report what reached them.
      const replies = await Promise.all(
        callers.map((c, i) =>
          kind.mode === 'presence'
            ? c.sock.request(topic, 'presence', { type: 'presence', event: 'track', payload: { i } })
            : c.sock.request(topic, 'broadcast', { type: 'broadcast', event: `caller-${i}`, payload: { i } }),
        ),
      );
      await settle();
      const reached = (i: number) =>
        letters(
          (['A', 'B'] as const).filter((p) =>
            kind.mode === 'presence'
              ? probes[p].sock.presenceKeys(topic).includes(`caller-${i}`)
              : probes[p].sock.broadcasts(topic).includes(`caller-${i}`),
          ),
        );
      callers.forEach((c, i) => check(kind, c, 'send', replies[i]!.status === 'ok' ? `ok:${reached(i)}` : 'refused'));

      // REST: the endpoint realtime-js falls back to, with each caller's headers.
      if (kind.rest) {
        const statuses = await Promise.all(
          callers.map((c, i) =>
            t.app.inject({
              method: 'POST',
              url: '/realtime/v1/api/broadcast',
              headers: { ...c.rest, 'content-type': 'application/json' },
              payload: { messages: [{ topic: sub, event: `rest-${i}`, payload: {}, private: kind.private }] },
            }),
          ),
        );
        await settle();
        callers.forEach((c, i) => {
          const got = letters((['A', 'B'] as const).filter((p) => probes[p].sock.broadcasts(topic).includes(`rest-${i}`)));
          check(kind, c, 'rest', `${statuses[i]!.statusCode}:${got}`);
        });
      }
    }

    console.log(`T1 realtime checks = ${checks}, mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
    // Not vacuous: the walk met joins let in and refused, sends that reached each organization, and refusals.
    for (const outcome of [
      'join=ok',
      'join=refused',
      'send=ok:A',
      'send=ok:B',
      'send=refused',
      'receive=A',
      'receive=B',
      'receive=S',
      'rest=202:A',
      'rest=401:',
      'rest=403:',
    ]) {
      expect(seen.has(outcome), outcome).toBe(true);
    }
    expect(callers.length).toBeGreaterThanOrEqual(15);
  });
});
