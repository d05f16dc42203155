import { readableByOrganization, registerRealtimeTable } from '../realtime/index.js';

// An organization's languages and texts reach its own members only (the shipped tables stay readable by
// anyone, registered by the realtime module). Migration 0014 adds the notify triggers.
registerRealtimeTable('organization_languages', readableByOrganization);
registerRealtimeTable('translation_overrides', readableByOrganization);
