import {
  APPLICATION_EMAIL_PLACEHOLDERS,
  type ApplicationEmailTemplateKey,
  type ApplicationLocale,
  type ApplicationStream,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { applicationEmailTemplates } from '../../db/schema/index.js';
import { invalid } from '../../lib/errors.js';
import { escapeHtml } from '../email/email-templates.js';

type Wording = { subject: string; body: string };

/** The built-in wording of every applicant e-mail; an organization may replace any of them per language. */
export const DEFAULT_TEMPLATES: Record<ApplicationEmailTemplateKey, Record<ApplicationLocale, Wording>> = {
  received: {
    en: {
      subject: 'We received your {stream} application',
      body: 'Hello {name},\n\nThank you for applying to {organization}. We received your {stream} application and will review it soon.\n\nFollow its progress, answer our questions or withdraw it at this private link (keep it to yourself):\n{statusLink}\n\n{organization}',
    },
    ar: {
      subject: 'استلمنا طلبك: {stream}',
      body: 'مرحبًا {name}،\n\nشكرًا لتقديمك إلى {organization}. استلمنا طلبك ({stream}) وسنراجعه قريبًا.\n\nتابع حالة طلبك وأجب عن أسئلتنا أو اسحبه من هذا الرابط الخاص (لا تشاركه مع أحد):\n{statusLink}\n\n{organization}',
    },
  },
  updated: {
    en: {
      subject: 'Your {stream} application was updated',
      body: 'Hello {name},\n\nWe received new answers for your {stream} application to {organization} and replaced the earlier ones. If you did not send them, reply to this e-mail.\n\nYour private status link:\n{statusLink}\n\n{organization}',
    },
    ar: {
      subject: 'تم تحديث طلبك: {stream}',
      body: 'مرحبًا {name}،\n\nاستلمنا إجابات جديدة لطلبك ({stream}) لدى {organization} وحلّت محل الإجابات السابقة. إن لم تكن أنت من أرسلها فراسلنا بالرد على هذه الرسالة.\n\nرابط متابعة طلبك الخاص:\n{statusLink}\n\n{organization}',
    },
  },
  info_requested: {
    en: {
      subject: 'We need more information about your application',
      body: 'Hello {name},\n\nTo continue reviewing your {stream} application, {organization} asks:\n\n{message}\n\nAnswer (and add files) at your private status link:\n{statusLink}',
    },
    ar: {
      subject: 'نحتاج إلى معلومات إضافية عن طلبك',
      body: 'مرحبًا {name}،\n\nلمتابعة مراجعة طلبك ({stream})، تطلب {organization}:\n\n{message}\n\nأجب (وأرفق الملفات) من رابط متابعة طلبك الخاص:\n{statusLink}',
    },
  },
  message: {
    en: { subject: 'A message about your application', body: 'Hello {name},\n\n{organization} wrote about your {stream} application:\n\n{message}\n\nYour private status link:\n{statusLink}' },
    ar: { subject: 'رسالة بخصوص طلبك', body: 'مرحبًا {name}،\n\nكتبت {organization} بخصوص طلبك ({stream}):\n\n{message}\n\nرابط متابعة طلبك الخاص:\n{statusLink}' },
  },
  under_review: {
    en: { subject: 'Your application is being reviewed', body: 'Hello {name},\n\n{organization} has started reviewing your {stream} application.\n\nYour private status link:\n{statusLink}' },
    ar: { subject: 'طلبك قيد المراجعة', body: 'مرحبًا {name}،\n\nبدأت {organization} مراجعة طلبك ({stream}).\n\nرابط متابعة طلبك الخاص:\n{statusLink}' },
  },
  approved: {
    en: {
      subject: 'Your application was approved',
      body: 'Hello {name},\n\nGood news: {organization} approved your {stream} application.\n\n{message}\n\nSign in at {signInLink}. If you have no account with us yet, a separate e-mail invites you to choose a password.\n\nYour private status link:\n{statusLink}',
    },
    ar: {
      subject: 'تمت الموافقة على طلبك',
      body: 'مرحبًا {name}،\n\nأخبار سارة: وافقت {organization} على طلبك ({stream}).\n\n{message}\n\nسجّل الدخول من {signInLink}. إن لم يكن لديك حساب لدينا بعد، فستصلك رسالة منفصلة لاختيار كلمة المرور.\n\nرابط متابعة طلبك الخاص:\n{statusLink}',
    },
  },
  waitlisted: {
    en: { subject: 'Your application is on the waiting list', body: 'Hello {name},\n\n{organization} put your {stream} application on the waiting list. We will write again when a place opens.\n\n{message}\n\nYour private status link:\n{statusLink}' },
    ar: { subject: 'طلبك على قائمة الانتظار', body: 'مرحبًا {name}،\n\nوضعت {organization} طلبك ({stream}) على قائمة الانتظار. سنراسلك عند توفر مكان.\n\n{message}\n\nرابط متابعة طلبك الخاص:\n{statusLink}' },
  },
  rejected: {
    en: { subject: 'About your application', body: 'Hello {name},\n\nThank you for your {stream} application. {organization} cannot accept it this time.\n\nReason: {reason}\n\nYour private status link:\n{statusLink}' },
    ar: { subject: 'بخصوص طلبك', body: 'مرحبًا {name}،\n\nشكرًا لطلبك ({stream}). لا تستطيع {organization} قبوله هذه المرة.\n\nالسبب: {reason}\n\nرابط متابعة طلبك الخاص:\n{statusLink}' },
  },
  withdrawn: {
    en: { subject: 'Your application was withdrawn', body: 'Hello {name},\n\nYour {stream} application to {organization} was withdrawn as you asked. You are welcome to apply again.\n\n{organization}' },
    ar: { subject: 'تم سحب طلبك', body: 'مرحبًا {name}،\n\nتم سحب طلبك ({stream}) لدى {organization} بناءً على رغبتك. يسعدنا أن تتقدم مجددًا.\n\n{organization}' },
  },
};

export const STREAM_WORDS: Record<ApplicationStream, Record<ApplicationLocale, string>> = {
  market_vendor: { en: 'market vendor', ar: 'بائع في السوق' },
  junior_vendor: { en: 'junior vendor', ar: 'بائع ناشئ' },
  workshop: { en: 'workshop', ar: 'ورشة عمل' },
};

export type TemplateValues = Partial<Record<(typeof APPLICATION_EMAIL_PLACEHOLDERS)[number], string>>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Refuses a template that uses a placeholder we do not fill (field names the part: subject or body). */
export function checkPlaceholders(field: 'subject' | 'body', text: string): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!(APPLICATION_EMAIL_PLACEHOLDERS as readonly string[]).includes(name!)) {
      throw invalid(field, `{${name}} is not a placeholder; use ${APPLICATION_EMAIL_PLACEHOLDERS.map((p: string) => `{${p}}`).join(', ')}`);
    }
  }
}

function fill(text: string, values: TemplateValues, encode: (s: string) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = values[name as keyof TemplateValues];
    return v === undefined ? (name in values ? '' : whole) : encode(v);
  });
}

/** Links stay clickable in the HTML part; everything else, template and values alike, is escaped. */
function toHtml(subject: string, body: string, values: TemplateValues, dir: 'ltr' | 'rtl'): string {
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const html = escapeHtml(fill(p, values, (s) => s)).replace(/\r?\n/g, '<br>');
      return `<p>${html.replace(/(https?:\/\/[^\s<&]+(?:&amp;[^\s<&]+)*)/g, '<a href="$1">$1</a>')}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(fill(subject, values, (s) => s))}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937">
${paragraphs}
</body></html>`;
}

export async function loadWording(db: DbOrTx, orgId: string, key: ApplicationEmailTemplateKey, locale: ApplicationLocale): Promise<Wording> {
  const [row] = await db
    .select({ subject: applicationEmailTemplates.subject, body: applicationEmailTemplates.body })
    .from(applicationEmailTemplates)
    .where(and(eq(applicationEmailTemplates.orgId, orgId), eq(applicationEmailTemplates.templateKey, key), eq(applicationEmailTemplates.locale, locale)));
  return row ?? DEFAULT_TEMPLATES[key][locale]!;
}

export function renderWording(w: Wording, values: TemplateValues, locale: ApplicationLocale) {
  const subject = fill(w.subject, values, (s) => s).replace(/[\r\n]+/g, ' ');
  return { subject, text: fill(w.body, values, (s) => s), html: toHtml(w.subject, w.body, values, locale === 'ar' ? 'rtl' : 'ltr') };
}

/** The applicant's private status page; the secret rides in the fragment so it never reaches a server log. */
export const statusLinkOf = (ctx: AppContext, token: string): string => `${ctx.config.publicUrl}/application-status#${token}`;

export interface ApplicantEmail {
  orgId: string;
  organizationName: string;
  to: string;
  locale: ApplicationLocale;
  stream: ApplicationStream;
  name: string;
  /** The status link's secret (unsealed from the application row). */
  token: string;
  message?: string | null;
  reason?: string | null;
}

/**
 * Queues an applicant e-mail in the organization's wording and the applicant's language, inside the
 * caller's transaction (the e-mail exists exactly when the change it reports does).
 */
export async function sendApplicantEmail(ctx: AppContext, tx: DbOrTx, key: ApplicationEmailTemplateKey, m: ApplicantEmail): Promise<void> {
  const wording = await loadWording(tx, m.orgId, key, m.locale);
  const values: TemplateValues = {
    name: m.name,
    organization: m.organizationName,
    stream: STREAM_WORDS[m.stream][m.locale],
    statusLink: statusLinkOf(ctx, m.token),
    message: m.message ?? '',
    reason: m.reason ?? '',
    signInLink: `${ctx.config.publicUrl}/auth`,
  };
  const rendered = renderWording(wording, values, m.locale);
  await ctx.mailer.enqueue(tx, { to: m.to, orgId: m.orgId, template: `application.${key}`, ...rendered });
}
