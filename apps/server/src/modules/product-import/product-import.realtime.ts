import { registerRealtimeTable } from '../realtime/index.js';

// The import page follows its import's progress live: members of the import's organization who hold the import
// permission receive its row changes.
registerRealtimeTable(
  'product_imports',
  (viewer, row) =>
    viewer.kind === 'user' && viewer.orgId !== null && row.org_id === viewer.orgId && viewer.access.permissions.includes('import'),
);
