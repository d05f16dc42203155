import type { EmailTestTemplate } from '@market/contracts';
import { emailDirection, withLanguage, type EmailLanguage } from './email-language.js';

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

/** The whole HTML document of an e-mail, in its language and direction (`lang`, `dir`). */
export function emailDocument(title: string, body: string, lang: EmailLanguage = 'en'): string {
  return `<!doctype html>
<html lang="${lang}" dir="${emailDirection(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
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
  /** The recipient's language (the organization's default for an address we do not know). */
  language?: EmailLanguage;
  /** The organization's wording of the template in that language (settings), instead of the shipped one. */
  override?: TemplateText | null;
}

export interface TemplateText {
  subject: string;
  body: string;
}

export function plainEmail(subject: string, message: string, lang: EmailLanguage = 'en'): RenderedEmail {
  return { subject, text: message, html: emailDocument(subject, paragraphs(message), lang) };
}

/** `{org}` is the organization's name (bold in the HTML part). */
const WELCOME: Record<EmailLanguage, { subject: string; hello: string; intro: string; start: string }> = {
  en: { subject: 'Welcome to {org}', hello: 'Hello,', intro: 'Welcome to the {org} back office.', start: 'Sign in to get started' },
  ar: { subject: 'أهلًا بك في {org}', hello: 'مرحبًا،', intro: 'أهلًا بك في لوحة إدارة {org}.', start: 'سجّل الدخول لتبدأ' },
};

export function welcomeEmail(organizationName: string, publicUrl: string, lang: EmailLanguage = 'en'): RenderedEmail {
  const w = WELCOME[lang];
  const subject = w.subject.replace('{org}', () => organizationName);
  const link = withLanguage(`${publicUrl}/auth`, lang);
  const text = `${w.hello}\n\n${w.intro.replace('{org}', () => organizationName)}\n${w.start}: ${link}\n`;
  const intro = escapeHtml(w.intro).replace('{org}', () => `<strong>${escapeHtml(organizationName)}</strong>`);
  const html = emailDocument(
    subject,
    `<p>${escapeHtml(w.hello)}</p>
<p>${intro}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.start)}</a></p>`,
    lang,
  );
  return { subject, text, html };
}

const PREVIEW: Record<EmailLanguage, { subject: string; hello: string; intro: string; action: string; note: string }> = {
  en: {
    subject: 'Confirm your e-mail address (preview)',
    hello: 'Hello,',
    intro: 'Follow this link to confirm your e-mail address:',
    action: 'Confirm my e-mail address',
    note: 'This is a preview: the link does not confirm anything.',
  },
  ar: {
    subject: 'تأكيد عنوان بريدك الإلكتروني (معاينة)',
    hello: 'مرحبًا،',
    intro: 'اتبع هذا الرابط لتأكيد عنوان بريدك الإلكتروني:',
    action: 'تأكيد عنوان بريدي الإلكتروني',
    note: 'هذه معاينة: الرابط لا يؤكد أي شيء.',
  },
};

/** What the sign-up confirmation looks like; its link is a placeholder that confirms nothing. */
export function confirmationPreviewEmail(publicUrl: string, lang: EmailLanguage = 'en'): RenderedEmail {
  const p = PREVIEW[lang];
  const link = `${withLanguage(`${publicUrl}/auth`, lang)}#preview`;
  const text = `${p.hello}\n\n${p.intro}\n${link}\n\n${p.note}\n`;
  const html = emailDocument(
    p.subject,
    `<p>${escapeHtml(p.hello)}</p>
<p>${escapeHtml(p.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(p.action)}</a></p>
<p><em>${escapeHtml(p.note)}</em></p>`,
    lang,
  );
  return { subject: p.subject, text, html };
}

/**
 * The shipped text of the templates an organization may reword (settings), as subject and plain-text body with
 * `{org}` (the organization's name) and `{link}` (the e-mail's link). Rendered by renderTemplateText.
 */
export const SHIPPED_TEMPLATES: Record<'welcome' | 'confirmation-preview', Record<EmailLanguage, TemplateText>> = {
  welcome: {
    en: { subject: WELCOME.en.subject, body: `${WELCOME.en.hello}\n\n${WELCOME.en.intro}\n${WELCOME.en.start}: {link}\n` },
    ar: { subject: WELCOME.ar.subject, body: `${WELCOME.ar.hello}\n\n${WELCOME.ar.intro}\n${WELCOME.ar.start}: {link}\n` },
  },
  'confirmation-preview': {
    en: { subject: PREVIEW.en.subject, body: `${PREVIEW.en.hello}\n\n${PREVIEW.en.intro}\n{link}\n\n${PREVIEW.en.note}\n` },
    ar: { subject: PREVIEW.ar.subject, body: `${PREVIEW.ar.hello}\n\n${PREVIEW.ar.intro}\n{link}\n\n${PREVIEW.ar.note}\n` },
  },
};

/** The link each rewordable template carries. */
export function templateLink(template: 'welcome' | 'confirmation-preview', publicUrl: string, lang: EmailLanguage): string {
  const auth = withLanguage(`${publicUrl}/auth`, lang);
  return template === 'welcome' ? auth : `${auth}#preview`;
}

/**
 * An e-mail from a template text: placeholders filled, the HTML part escaped paragraph by paragraph with the link
 * (our own URL) made clickable. The text an organization wrote is its own: escaped, never taken as markup.
 */
export function renderTemplateText(t: TemplateText, vars: { org: string; link: string }, lang: EmailLanguage = 'en'): RenderedEmail {
  const fill = (s: string) => s.replace(/\{org\}/g, () => vars.org).replace(/\{link\}/g, () => vars.link);
  const subject = fill(t.subject).replace(/[\r\n]+/g, ' ');
  const text = fill(t.body);
  const link = escapeHtml(vars.link);
  const html = emailDocument(subject, paragraphs(text).split(link).join(`<a href="${link}">${link}</a>`), lang);
  return { subject, text, html };
}

const TEST_WORDS: Record<EmailLanguage, { plainSubject: string; note: (sender: string) => string }> = {
  en: { plainSubject: 'Test e-mail', note: (sender) => `Note from ${sender}` },
  ar: { plainSubject: 'رسالة تجريبية', note: (sender) => `ملاحظة من ${sender}` },
};

/** A test e-mail; an optional note from the sender is added to the templated ones. */
export function renderTestEmail(input: TestEmailInput): RenderedEmail {
  const lang = input.language ?? 'en';
  const words = TEST_WORDS[lang];
  // The sender's subject and message go to any address in the organization's name: never as links.
  const message = input.message === undefined ? undefined : defang(input.message);
  const ownSubject = input.subject === undefined ? undefined : defang(input.subject);
  if (input.template === 'plain') return plainEmail(ownSubject ?? words.plainSubject, message ?? '', lang);
  const base = input.override
    ? renderTemplateText(input.override, { org: input.organizationName, link: templateLink(input.template, input.publicUrl, lang) }, lang)
    : input.template === 'welcome'
      ? welcomeEmail(input.organizationName, input.publicUrl, lang)
      : confirmationPreviewEmail(input.publicUrl, lang);
  const subject = ownSubject ?? base.subject;
  if (!message) return { ...base, subject };
  const note = `${words.note(defang(input.senderName))}: ${message}`;
  return {
    subject,
    text: `${base.text}\n${note}\n`,
    html: base.html.replace('</body>', () => `<hr>\n${paragraphs(note)}\n</body>`),
  };
}
