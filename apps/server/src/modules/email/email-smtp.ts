import { eq } from 'drizzle-orm';
import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client.js';
import { organizationSettings } from '../../db/schema/index.js';
import { resolveHost } from '../../lib/outbound-address.js';
import { unseal } from '../../lib/seal.js';

/** An organization's own SMTP server (issue 19, Settings): used for its mail instead of the server's. */
export interface OrgSmtp {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user: string | null;
  password: string | null;
  senderName: string | null;
  senderAddress: string;
}

// A send is bounded well below the outbox lease (10 + 10 + 30 s < 120 s), as for the server's own transport.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The SMTP settings of an `email` settings group, or null when the organization has none (no host). */
export function smtpOf(email: Record<string, unknown>, passwordCipher: string | null, key: Buffer): OrgSmtp | null {
  const host = str(email.smtpHost);
  const senderAddress = str(email.senderAddress);
  if (!host || !senderAddress || typeof email.smtpPort !== 'number') return null;
  const security = email.smtpSecurity === 'tls' || email.smtpSecurity === 'starttls' ? email.smtpSecurity : 'none';
  return {
    host,
    port: email.smtpPort,
    security,
    user: str(email.smtpUser),
    // A cipher this server cannot open (another secret) counts as no password rather than a wrong one sent.
    password: passwordCipher ? unseal(key, passwordCipher) : null,
    senderName: str(email.senderName),
    senderAddress,
  };
}

export async function loadOrgSmtp(db: DbOrTx, key: Buffer, orgId: string): Promise<OrgSmtp | null> {
  const [row] = await db
    .select({ email: organizationSettings.email, cipher: organizationSettings.smtpPasswordCipher })
    .from(organizationSettings)
    .where(eq(organizationSettings.orgId, orgId))
    .limit(1);
  return row ? smtpOf(row.email, row.cipher, key) : null;
}

/**
 * A transport for one organization's server: TLS from the start, STARTTLS required, or plain (no upgrade tried). The
 * host is resolved and checked first (a tenant's setting never reaches the server's own network unless the operator
 * allows it), and the connection goes to that very address, the certificate still checked against the host's name.
 * Throws UnsafeUrlError when the host is refused.
 */
export async function transportFor(s: OrgSmtp, allowPrivate: boolean): Promise<Transporter> {
  const { address } = await resolveHost(s.host, allowPrivate, "an organization's SMTP settings");
  return nodemailer.createTransport({
    host: address,
    port: s.port,
    tls: { servername: isIP(s.host) ? undefined : s.host },
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    auth: s.user ? { user: s.user, pass: s.password ?? '' } : undefined,
    ...SMTP_TIMEOUTS,
  });
}

export const senderOf = (s: OrgSmtp) => (s.senderName ? { name: s.senderName, address: s.senderAddress } : s.senderAddress);

/** The organization's wording of a template in a language, or null for the shipped text. */
export async function templateOverride(
  db: DbOrTx,
  orgId: string | null,
  template: string,
  language: string,
): Promise<{ subject: string; body: string } | null> {
  if (!orgId) return null;
  const [row] = await db
    .select({ email: organizationSettings.email })
    .from(organizationSettings)
    .where(eq(organizationSettings.orgId, orgId))
    .limit(1);
  const templates = (row?.email.templates ?? {}) as Record<string, Record<string, { subject?: unknown; body?: unknown }>>;
  const t = templates[template]?.[language];
  return t && typeof t.subject === 'string' && typeof t.body === 'string' ? { subject: t.subject, body: t.body } : null;
}
