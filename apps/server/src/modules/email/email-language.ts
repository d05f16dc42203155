import type { DbOrTx } from '../../db/client.js';
import { organizationDefaultLanguage } from './email.repository.js';

/** The languages our own e-mails are written in; any other language falls back to English. */
export const EMAIL_LANGUAGES = ['en', 'ar'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

export const emailDirection = (lang: EmailLanguage): 'ltr' | 'rtl' => (lang === 'ar' ? 'rtl' : 'ltr');

/** A language code as e-mails know it ('ar', 'ar-EG' and 'AR' are Arabic), or null when we have no e-mails in it. */
export function asEmailLanguage(code: unknown): EmailLanguage | null {
  if (typeof code !== 'string') return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return (EMAIL_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as EmailLanguage) : null;
}

/**
 * The language of an e-mail's recipient (issue 14, item 8): the first of `preferred` we write e-mails in
 * (what the recipient chose: the language of their application, of the page they asked from, of their
 * profile), else the organization's default language, else English. A preferred language we have no
 * e-mails in is skipped, not taken as English, so the organization's default still gets its say.
 */
export async function recipientLanguage(db: DbOrTx, preferred: unknown[], orgId: string | null): Promise<EmailLanguage> {
  for (const p of preferred) {
    const lang = asEmailLanguage(p);
    if (lang) return lang;
  }
  return asEmailLanguage(await organizationDefaultLanguage(db, orgId)) ?? 'en';
}

/** The language a user keeps in their metadata (written by the web app when they sign up or switch language). */
export function metadataLanguage(meta: unknown): unknown {
  if (!meta || typeof meta !== 'object') return undefined;
  const m = meta as Record<string, unknown>;
  return m.language ?? m.locale;
}

/** A link of ours with the recipient's language in its query (`?lang=ar`), so the page it opens starts in it. */
export function withLanguage(url: string, lang: EmailLanguage): string {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const u = new URL(base);
  u.searchParams.set('lang', lang);
  return `${u.toString()}${hash}`;
}
