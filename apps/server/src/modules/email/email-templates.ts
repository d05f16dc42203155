import type { EmailTestTemplate } from '@market/contracts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every interpolated value goes through this: a name or message must never become markup in a mail client. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

// Marks that stop a mail client from turning text into a link while a reader still sees what was written.
const FULLWIDTH_DOTS = /[\u3002\uFF0E\uFF61]/g;
// Bidirectional controls and zero-width characters: they can make text read differently from what it is.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const SCHEME = /\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi;
const BARE_SCHEME = /\b(mailto|tel|sms|callto|javascript|data|file):/gi;
// A host name: labels joined by dots, ending in a label of letters (a top-level domain); or an IPv4 address.
const HOST = /[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;

/**
 * Text someone else wrote (an applicant's name, a staff note) as it may appear in an e-mail: no URL,
 * host name or e-mail address a mail client would turn into a link. "http://evil.example/x" becomes
 * "http[:]//evil[.]example/x" and "a@b.example" becomes "a[@]b[.]example": still readable, no longer
 * clickable, so the organization's e-mail cannot carry someone's link to a reader.
 */
export function defang(value: string): string {
  return value
    .replace(INVISIBLE, '')
    .replace(FULLWIDTH_DOTS, '.')
    .replace(SCHEME, '$1[:]')
    .replace(BARE_SCHEME, '$1[:]')
    .replace(/@/g, '[@]')
    .replace(HOST, (host) => host.replace(/\./g, '[.]'))
    .replace(IPV4, (ip) => ip.replace(/\./g, '[.]'));
}

/** Paragraphs from plain text: blank lines split paragraphs, single newlines become <br>. */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937">
${body}
</body></html>`;
}

export interface TestEmailInput {
  template: EmailTestTemplate;
  subject?: string;
  message?: string;
  senderName: string;
  organizationName: string;
  publicUrl: string;
}

export function plainEmail(subject: string, message: string): RenderedEmail {
  return { subject, text: message, html: layout(subject, paragraphs(message)) };
}

export function welcomeEmail(organizationName: string, publicUrl: string): RenderedEmail {
  const subject = `Welcome to ${organizationName}`;
  const text = `Hello,\n\nWelcome to the ${organizationName} back office. Sign in at ${publicUrl}/auth to get started.\n`;
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>Welcome to the <strong>${escapeHtml(organizationName)}</strong> back office.</p>
<p><a href="${escapeHtml(`${publicUrl}/auth`)}">Sign in to get started</a></p>`,
  );
  return { subject, text, html };
}

/** What the sign-up confirmation looks like; its link is a placeholder that confirms nothing. */
export function confirmationPreviewEmail(publicUrl: string): RenderedEmail {
  const subject = 'Confirm your e-mail address (preview)';
  const link = `${publicUrl}/auth#preview`;
  const text = `Hello,\n\nFollow this link to confirm your e-mail address:\n${link}\n\nThis is a preview: the link does not confirm anything.\n`;
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>Follow this link to confirm your e-mail address:</p>
<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>
<p><em>This is a preview: the link does not confirm anything.</em></p>`,
  );
  return { subject, text, html };
}

/** A test e-mail; an optional note from the sender is added to the templated ones. */
export function renderTestEmail(input: TestEmailInput): RenderedEmail {
  // The sender's subject and message go to any address in the organization's name: never as links.
  const message = input.message === undefined ? undefined : defang(input.message);
  const ownSubject = input.subject === undefined ? undefined : defang(input.subject);
  if (input.template === 'plain') return plainEmail(ownSubject ?? 'Test e-mail', message ?? '');
  const base =
    input.template === 'welcome' ? welcomeEmail(input.organizationName, input.publicUrl) : confirmationPreviewEmail(input.publicUrl);
  const subject = ownSubject ?? base.subject;
  if (!message) return { ...base, subject };
  const note = `Note from ${defang(input.senderName)}: ${message}`;
  return {
    subject,
    text: `${base.text}\n${note}\n`,
    html: base.html.replace('</body>', () => `<hr>\n${paragraphs(note)}\n</body>`),
  };
}
