import { registerRealtimeTable } from '../realtime/index.js';

// Open pages read their permissions again when a role or the matrix changes (the web app's permission-signal.ts). The
// database announces the writes, so no member can send the nudge and every server hears it. A member receives the
// matrix rows of their own organization for their own stored role (every role's when they manage users), and their
// own role rows: the same rows the table service lets them read (modules/rest).
registerRealtimeTable(
  'role_permission_matrix',
  (viewer, row) =>
    viewer.kind === 'user' &&
    viewer.orgId !== null &&
    row.org_id === viewer.orgId &&
    (viewer.access.permissions.includes('users') || row.role_name === viewer.access.role),
);
registerRealtimeTable('user_roles', (viewer, row) => viewer.kind === 'user' && row.user_id === viewer.userId);
