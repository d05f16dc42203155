// Integrations, API keys (decision 023): the lists and limits the schemas, the server and the screens share (zod-free).
import { STAFF_PERMISSIONS } from '../auth/permissions.js';

/** The permissions a key's scopes may name: the staff ones (a key never acts as a vendor). */
export const API_KEY_PERMISSIONS = STAFF_PERMISSIONS;

/** Every key starts so, to be recognisable in logs and by secret scanners: `mbo_live_<8 characters>_<secret>`. */
export const API_KEY_PREFIX = 'mbo_live_';

/** A whole key as it is handed out: the shown prefix (8 lowercase letters or digits), then 40 letters or digits. */
export const API_KEY_PATTERN = /^mbo_live_([a-z0-9]{8})_([A-Za-z0-9]{40})$/;

/** What a scope allows for its permission: `read` reaches GET (and HEAD) routes, `write` every method. */
export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/**
 * active: works; rolling: replaced by a roll and still working until the end of its overlap (`expiresAt`);
 * expired and revoked: refused.
 */
export const API_KEY_STATUSES = ['active', 'rolling', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY_LIMITS = {
  name: 80,
  /** The longest overlap of a roll: seven days. */
  overlapHoursMax: 168,
} as const;

/** The overlaps the roll dialog offers, in hours (any whole number from 0 to the maximum is accepted). */
export const API_KEY_OVERLAP_CHOICES = [0, 1, 24, 72, 168] as const;
