import type { EffectiveRole, PermissionKey } from '@market/contracts';
import type { users } from '../db/schema/index.js';
import type { AccessClaims, ApiKeyRole } from './jwt.js';

/*
 * Who is calling, as every layer names it: plugins/auth-context resolves it, modules/access computes
 * the access, lib/api-route checks both against a route's rule. The types live here, below all three,
 * so none of them imports another for a type.
 */

/** A user as stored (auth.users). */
export type UserRow = typeof users.$inferSelect;

/** What a signed-in user may do: membership, stored role, effective role and permissions. */
export interface AccessContext {
  userId: string;
  organization: { id: string; name: string; slug: string } | null;
  /** The stored role as written in user_roles, or null. */
  role: string | null;
  effectiveRole: EffectiveRole;
  permissions: PermissionKey[];
}

/** One scope of an API key: a permission with read (GET and HEAD routes) or write (every method). */
export interface ApiKeyGrant {
  permission: PermissionKey;
  access: 'read' | 'write';
}

export type Principal =
  | { kind: 'anonymous'; apiKey: ApiKeyRole | null }
  | { kind: 'service' }
  | {
      kind: 'user';
      userId: string;
      sessionId: string;
      claims: AccessClaims;
      user: UserRow;
      /** The user has a verified second factor but this session has not passed it (aal1). */
      mfaRequired: boolean;
      /** When this principal stops being valid by itself (the token's expiry or the session's end), epoch ms. */
      validUntil: number;
    }
  /**
   * An organization's API key (`mbo_live_…`, decision 023), on /api/v1 only. It acts for its organization with
   * exactly its scopes, narrowed to what its creator still holds; `userId` and `user` are the creator, named as
   * the author of its writes. It never has a second factor to pass.
   */
  | {
      kind: 'apiKey';
      keyId: string;
      prefix: string;
      orgId: string;
      organization: { id: string; name: string; slug: string };
      /** The key's scopes that its creator still holds. */
      scopes: ApiKeyGrant[];
      userId: string;
      user: UserRow;
      mfaRequired: false;
    }
  /** A bearer token was sent but is not valid: answered 401, never treated as anonymous. */
  | { kind: 'invalid'; reason: string; expired: boolean };

// Decorated by plugins/auth-context: resolved once per request, on first use.
declare module 'fastify' {
  interface FastifyRequest {
    principal(): Promise<Principal>;
    access(): Promise<AccessContext | null>;
  }
}
