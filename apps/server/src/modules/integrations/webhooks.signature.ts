import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 bytes after `whsec_`.

export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64');

export function signatureOf(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one `v1,` signature per secret in force, separated by spaces. */
export const signatureHeader = (secrets: readonly string[], msgId: string, timestamp: number, body: string): string =>
  secrets.map((s) => signatureOf(s, msgId, timestamp, body)).join(' ');
