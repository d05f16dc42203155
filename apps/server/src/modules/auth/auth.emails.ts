import { defang, emailDocument, escapeHtml, type EmailLanguage } from '../email/index.js';
/** Texts of the auth e-mails in the languages e-mails are written in (the app's translations are for the UI). */
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

type Copy = { subject: string; intro: string; action?: string };
type Words = { copy: Record<AuthEmailKind, Copy>; footer: string; newAddress: string; orCode: string; code: string; open: string };

const WORDS: Record<EmailLanguage, Words> = {
  en: {
    copy: {
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
      recovery: {
        subject: 'Reset your password',
        intro: 'Follow this link to reset the password of your account:',
        action: 'Reset password',
      },
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
    },
    footer: 'If you did not ask for this, you can ignore this e-mail.',
    newAddress: 'New address',
    orCode: 'Or enter this code',
    code: 'Code',
    open: 'Open',
  },
  ar: {
    copy: {
      confirmation: {
        subject: 'أكّد تسجيلك',
        intro: 'اتبع هذا الرابط لتأكيد عنوان بريدك الإلكتروني:',
        action: 'تأكيد بريدك الإلكتروني',
      },
      invite: {
        subject: 'لقد تلقيت دعوة',
        intro: 'تلقيت دعوة لإنشاء حساب. اتبع هذا الرابط لقبول الدعوة:',
        action: 'قبول الدعوة',
      },
      magic_link: { subject: 'رابط تسجيل الدخول', intro: 'اتبع هذا الرابط لتسجيل الدخول:', action: 'تسجيل الدخول' },
      recovery: {
        subject: 'إعادة تعيين كلمة المرور',
        intro: 'اتبع هذا الرابط لإعادة تعيين كلمة مرور حسابك:',
        action: 'إعادة تعيين كلمة المرور',
      },
      email_change: {
        subject: 'أكّد عنوان بريدك الإلكتروني الجديد',
        intro: 'اتبع هذا الرابط لتأكيد تغيير عنوان بريدك الإلكتروني:',
        action: 'تأكيد العنوان الجديد',
      },
      email_change_notice: {
        subject: 'جارٍ تغيير عنوان بريدك الإلكتروني',
        intro: 'طُلب تغيير عنوان البريد الإلكتروني لحسابك.',
      },
      reauthentication: { subject: 'أكّد أنه أنت', intro: 'أدخل هذا الرمز لتأكيد التغيير على حسابك:' },
    },
    footer: 'إن لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
    newAddress: 'العنوان الجديد',
    orCode: 'أو أدخل هذا الرمز',
    code: 'الرمز',
    open: 'فتح',
  },
};

/** An auth e-mail in the recipient's language (issue 14, item 8); the HTML part carries `lang` and `dir`. */
export function authEmail(kind: AuthEmailKind, input: AuthEmailInput, lang: EmailLanguage = 'en'): AuthEmail {
  const words = WORDS[lang];
  const copy = words.copy[kind];
  const lines = [copy.intro];
  const html: string[] = [`<h2>${escapeHtml(copy.subject)}</h2>`, `<p>${escapeHtml(copy.intro)}</p>`];
  if (input.link) {
    lines.push('', input.link);
    html.push(`<p><a href="${escapeHtml(input.link)}">${escapeHtml(copy.action ?? words.open)}</a></p>`);
  }
  if (input.newEmail) {
    // The address was typed by whoever holds the session: shown so the owner recognises it, never as a link.
    const shown = defang(input.newEmail);
    lines.push('', `${words.newAddress}: ${shown}`);
    html.push(`<p>${escapeHtml(words.newAddress)}: <bdi>${escapeHtml(shown)}</bdi></p>`);
  }
  if (input.code) {
    const label = input.link ? words.orCode : words.code;
    lines.push('', `${label}: ${input.code}`);
    html.push(`<p>${escapeHtml(label)}: <strong dir="ltr">${escapeHtml(input.code)}</strong></p>`);
  }
  lines.push('', words.footer);
  html.push(`<p>${escapeHtml(words.footer)}</p>`);
  return { subject: copy.subject, text: lines.join('\n'), html: emailDocument(copy.subject, html.join('\n'), lang), template: kind };
}
