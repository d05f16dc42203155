import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APPLICATION_STATUSES, PRODUCT_BULK_ACTIONS } from '@market/contracts/plain';
import { SHELL_TRANSLATIONS } from '@market/contracts';
import { describe, expect, it } from 'vitest';

// Every audit action the server writes must read as a sentence on the dashboard (issue 14): the verb of
// each action and the noun of each entity type are in packages/contracts/src/i18n/area-dashboard.ts.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * `action:` values that are not string literals, by file and expression, with the actions they can hold.
 * An empty list means the values come from literals written elsewhere (and caught there) or that the
 * line is not an audit write. A new non-literal action fails the test until it is listed here.
 */
const DYNAMIC: Record<string, readonly string[]> = {
  'applications/applications.records.ts: `application.${change.to}`': APPLICATION_STATUSES.map((s) => `application.${s}`),
  'products/product-bulk.service.ts: `bulk_${input.action}`': PRODUCT_BULK_ACTIONS.map((a) => `bulk_${a}`),
  'market-days/market-days.service.ts: ACTION[to]': ['publish', 'complete', 'cancel'],
  'pos/pos-customer-orders.service.ts: AUDIT_ACTION[input.state]': ['confirm', 'mark_ready', 'complete', 'cancel'],
  'applications/applications.workshops.ts: action': ['cancel', 'reinstate', 'move'],
  'email/email-admin.service.ts: TEST_ACTION': ['email.test_sent'],
  'auth/auth.verify.ts: `auth.verify.${row.tokenType}`': [
    'signup',
    'magiclink',
    'recovery',
    'invite',
    'email_change',
    'reauthentication',
  ].map((t) => `auth.verify.${t}`),
  'auth/auth.otp.ts: action': ['auth.confirmation_sent', 'auth.magiclink_sent', 'auth.recovery_sent'],
  'auth/auth.user.ts: action': ['auth.password_change', 'auth.email_change_requested', 'auth.user_update'],
  // audit('auth.admin.…', meta): the literals are caught by the audit( scan below.
  'auth/auth.admin.ts: action': [],
  'auth/auth.admin.ts: string': [],
  // Type annotations and the readers of the column.
  "applications/applications.bulk.ts: 'approve' | 'waitlist' | 'reject'": [],
  'email/email-templates.ts: string': [],
  'email/email.repository.ts: string': [],
  'dashboard/dashboard.repository.ts: auditLog.action': [],
  // A user's audit trail reads the column.
  'users/users.repository.ts: auditLog.action': [],
  'dashboard/dashboard.service.ts: r.action': [],
  // writeProduct's callers pass literals ('create', 'update', 'restore'), caught at their call.
  'products/products.service.ts: opts.action': [],
  'products/products.service.ts: VersionAction': [],
  // The auth writers pass `{ action: 'auth.…' }` literals, caught where they are written.
  'auth/auth.user-writes.ts: audit.action': [],
  'auth/auth.user-writes.ts: string': [],
  // The audit helper itself, its row type and the product history reader.
  'audit/audit.service.ts: c.action': [],
  'audit/audit.service.ts: string': [],
  'audit/audit.repository.ts: string': [],
  'products/product-history.service.ts: r.action': [],
  // Invoice adjustments are audited by their kind; the invoice history and its reader show the column.
  'payment-management/invoices.service.ts: input.kind': ['waiver', 'discount', 'credit'],
  'payment-management/invoice-read.ts: h.action': [],
  'payment-management/invoices.repository.ts: auditLog.action': [],
  // The version action of products created in one go; their audit entries are written with the literal 'create'.
  'products/product-create-many.ts: action': [],
  'products/product-create-many.ts: VersionAction': [],
  // versionRow: a product version's action (the history's column), not an audit write.
  'products/products.service.ts: action': [],
  // An import's create/update policy, not an audit write.
  'product-import/import-mapping.ts: CREATE_AND_UPDATE': [],
  // A comment ("The admin action: the same check, ..."), not a write.
  'payment-management/ledger.service.ts: the same check': [],
};

const CODE = /^[a-z_]+(?:\.[a-z_]+)*$/;

function actionsWritten(): { actions: Set<string>; unknown: string[] } {
  const actions = new Set<string>();
  const unknown: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(SRC, file);
    const exprs = [...text.matchAll(/\baction:\s*(`[^`]*`|[^,}\n;]+)/g)].map((m) => m[1]!.trim());
    for (const m of text.matchAll(/\baudit\('([a-z_.]+)'/g)) actions.add(m[1]!);
    if (/[{,]\s*action\s*[,}]/.test(text)) exprs.push('action');
    for (const expr of exprs) {
      // A conditional's branches, each a literal or not.
      const branches = expr.includes('?') && !expr.startsWith('`') ? expr.slice(expr.indexOf('?') + 1).split(':') : [expr];
      for (const raw of branches) {
        const branch = raw.replace(/[()]/g, '').trim();
        const literal = /^'([^']*)'$/.exec(branch);
        if (literal) {
          // Button labels of e-mails and the like are words with spaces, not action codes.
          if (CODE.test(literal[1]!)) actions.add(literal[1]!);
          continue;
        }
        const key = `${rel}: ${branch}`;
        if (Object.hasOwn(DYNAMIC, key)) DYNAMIC[key]!.forEach((a) => actions.add(a));
        else unknown.push(key);
      }
    }
  }
  return { actions, unknown };
}

function entityTypesWritten(): Set<string> {
  const types = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bentityType:\s*'([a-z_.]+)'/g)) types.add(m[1]!);
    if (/recordAudit|auditRow|AuditChange/.test(text)) for (const m of text.matchAll(/\bconst ENTITY = '([a-z_.]+)'/g)) types.add(m[1]!);
  }
  return types;
}

describe('dashboard activity sentences', () => {
  it('has a verb for every action the server writes to the audit log', () => {
    const { actions, unknown } = actionsWritten();
    expect(unknown, 'non-literal actions: list what they can hold in DYNAMIC').toEqual([]);
    // The scan found the writes it must find (a broken scan would pass with nothing).
    for (const a of ['create', 'application.approved', 'bulk_archive', 'publish', 'auth.mfa.enroll', 'create_folder'])
      expect(actions).toContain(a);
    expect(actions.size).toBeGreaterThan(50);
    const missing = [...actions].filter((a) => !SHELL_TRANSLATIONS[`dashboard.activity.verb.${a}`]);
    expect(missing).toEqual([]);
  });

  it('has a noun, named and unnamed, for every entity type the server audits', () => {
    const types = entityTypesWritten();
    for (const t of ['product', 'asset', 'vendor_application', 'market_slot', 'auth.user']) expect(types).toContain(t);
    const missing = [...types].filter(
      (t) => !SHELL_TRANSLATIONS[`dashboard.activity.entity.${t}`] || !SHELL_TRANSLATIONS[`dashboard.activity.entityUnnamed.${t}`],
    );
    expect(missing).toEqual([]);
  });

  it('writes every verb and noun with the placeholders the renderer fills, and nothing else', () => {
    for (const [key, entry] of Object.entries(SHELL_TRANSLATIONS)) {
      if (!key.startsWith('dashboard.activity.')) continue;
      for (const text of [entry.en, entry.ar]) {
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const allowed =
          key.startsWith('dashboard.activity.entity') || key.includes('fallbackEntity') ? ['name'] : ['actor', 'object', 'name'];
        expect(
          names.filter((n) => !allowed.includes(n!)),
          key,
        ).toEqual([]);
      }
    }
  });
});
