// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const SLOT_POWER = ['none', 'single_phase', 'three_phase'] as const;
export const SLOT_STATUSES = ['open', 'blocked'] as const;
/** Most slots one generator call or one bulk position update may touch. */
export const MAX_SLOTS_PER_BATCH = 500;
