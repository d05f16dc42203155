/**
 * What the outbox keeps of a delivered message. Once SMTP has taken a message, its sign-in links,
 * status links and one-time codes are the recipient's alone: whoever reads the outbox (a super admin,
 * a database backup) must not be able to use them. The words around them stay, so the outbox still
 * shows what was sent.
 */
export const LINK_REMOVED = '[link removed after delivery]';
export const CODE_REMOVED = '[code removed after delivery]';

// Any scheme with "//" (http, https, ftp, custom app links) and the schemes that act without one.
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"']+|\b(?:mailto|tel|sms):[^\s<>"']+/gi;
// One-time codes are 6 digits today; 6 to 10 standalone digits covers other lengths.
const CODE_TEXT = /(?<![\w#-])\d{6,10}(?![\w-])/g;
// A long random token on its own (base64url or hex, with at least one digit), e.g. a secret pasted without its URL.
const TOKEN_TEXT = /(?<![\w#-])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}(?![\w-])/g;

export function redactText(text: string): string {
  return text.replace(URL_TEXT, LINK_REMOVED).replace(TOKEN_TEXT, LINK_REMOVED).replace(CODE_TEXT, CODE_REMOVED);
}

/** Anchors lose their target but keep their words; URLs and codes in the text go as in the plain part. */
export function redactHtml(html: string): string {
  const unlinked = html
    .replace(/<a\b[^>]*>([\s\S]*?)<\/a\s*>/gi, (_a, inner: string) => `${inner} ${LINK_REMOVED}`)
    // Any other attribute that could carry a URL (images, forms, a stray anchor without its end tag).
    .replace(/\s(?:href|src|action|formaction|background|srcset|poster|data)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  return redactText(unlinked);
}

export function redactBodies(m: { textBody: string; htmlBody: string | null }): { textBody: string; htmlBody: string | null } {
  return { textBody: redactText(m.textBody), htmlBody: m.htmlBody === null ? null : redactHtml(m.htmlBody) };
}
