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
  if (input.template === 'plain') return plainEmail(input.subject ?? 'Test e-mail', input.message ?? '');
  const base = input.template === 'welcome' ? welcomeEmail(input.organizationName, input.publicUrl) : confirmationPreviewEmail(input.publicUrl);
  const subject = input.subject ?? base.subject;
  if (!input.message) return { ...base, subject };
  const note = `Note from ${input.senderName}: ${input.message}`;
  return {
    subject,
    text: `${base.text}\n${note}\n`,
    html: base.html.replace('</body>', () => `<hr>\n${paragraphs(note)}\n</body>`),
  };
}
