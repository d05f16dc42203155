import { defang } from '../email/index.js';
/** Texts of the auth e-mails (English; the app's translations are for the UI, not for these). */
export type AuthEmailKind =
  'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'email_change_notice' | 'reauthentication';

export interface AuthEmailInput {
  link?: string;
  code?: string;
  newEmail?: string;
}

export interface AuthEmail {
  subject: string;
  text: string;
  html: string;
  template: AuthEmailKind;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const COPY: Record<AuthEmailKind, { subject: string; intro: string; action?: string }> = {
  confirmation: {
    subject: 'Confirm your signup',
    intro: 'Follow this link to confirm your e-mail address:',
    action: 'Confirm your e-mail',
  },
  invite: {
    subject: 'You have been invited',
    intro: 'You have been invited to create an account. Follow this link to accept the invitation:',
    action: 'Accept the invitation',
  },
  magic_link: { subject: 'Your sign-in link', intro: 'Follow this link to sign in:', action: 'Sign in' },
  recovery: { subject: 'Reset your password', intro: 'Follow this link to reset the password of your account:', action: 'Reset password' },
  email_change: {
    subject: 'Confirm your new e-mail address',
    intro: 'Follow this link to confirm the change of your e-mail address:',
    action: 'Confirm the new address',
  },
  email_change_notice: {
    subject: 'Your e-mail address is being changed',
    intro: 'A change of the e-mail address of your account was requested.',
  },
  reauthentication: { subject: 'Confirm it is you', intro: 'Enter this code to confirm the change to your account:' },
};

const FOOTER = 'If you did not ask for this, you can ignore this e-mail.';

export function authEmail(kind: AuthEmailKind, input: AuthEmailInput): AuthEmail {
  const copy = COPY[kind];
  const lines = [copy.intro];
  const html: string[] = [`<h2>${escapeHtml(copy.subject)}</h2>`, `<p>${escapeHtml(copy.intro)}</p>`];
  if (input.link) {
    lines.push('', input.link);
    html.push(`<p><a href="${escapeHtml(input.link)}">${escapeHtml(copy.action ?? 'Open')}</a></p>`);
  }
  if (input.newEmail) {
    // The address was typed by whoever holds the session: shown so the owner recognises it, never as a link.
    const shown = defang(input.newEmail);
    lines.push('', `New address: ${shown}`);
    html.push(`<p>New address: ${escapeHtml(shown)}</p>`);
  }
  if (input.code) {
    lines.push('', `${input.link ? 'Or enter this code' : 'Code'}: ${input.code}`);
    html.push(`<p>${input.link ? 'Or enter this code' : 'Code'}: <strong>${escapeHtml(input.code)}</strong></p>`);
  }
  lines.push('', FOOTER);
  html.push(`<p>${escapeHtml(FOOTER)}</p>`);
  return { subject: copy.subject, text: lines.join('\n'), html: html.join('\n'), template: kind };
}
