import {
  APPLICATION_EMAIL_PLACEHOLDERS,
  APPLICATION_RECEIPT_PLACEHOLDERS,
  APPLICATION_RECEIPT_TEMPLATE_KEYS,
  type ApplicationEmailTemplateKey,
  type ApplicationLocale,
  type ApplicationStream,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { applicationEmailTemplates } from '../../db/schema/index.js';
import { invalid } from '../../lib/errors.js';
import { defang, emailDocument, escapeHtml, withLanguage } from '../email/index.js';

type Wording = { subject: string; body: string };

/** The built-in wording of every applicant e-mail; an organization may replace any of them per language. */
export const DEFAULT_TEMPLATES: Record<ApplicationEmailTemplateKey, Record<ApplicationLocale, Wording>> = {
  received: {
    en: {
      subject: 'We received your {stream} application',
      body: 'Hello,\n\nThank you for applying to {organization}. We received your {stream} application and will review it soon.\n\nFollow its progress, answer our questions or withdraw it at this private link (keep it to yourself):\n{statusLink}\n\n{organization}',
    },
    ar: {
      subject: 'استلمنا طلبك: {stream}',
      body: 'مرحبًا،\n\nشكرًا لتقديمك إلى {organization}. استلمنا طلبك ({stream}) وسنراجعه قريبًا.\n\nتابع حالة طلبك وأجب عن أسئلتنا أو اسحبه من هذا الرابط الخاص (لا تشاركه مع أحد):\n{statusLink}\n\n{organization}',
    },
  },
  duplicate: {
    en: {
      subject: 'Your {stream} application to {organization}',
      body: 'Hello,\n\nThe {stream} application form of {organization} was sent again with this e-mail address. We already have your application, so we kept it as it was and stored nothing new.\n\nTo see it, change your answers while we have not started reviewing it, or withdraw it, use your private status link (keep it to yourself):\n{statusLink}\n\nIf you did not send the form, you can ignore this e-mail.\n\n{organization}',
    },
    ar: {
      subject: 'طلبك ({stream}) لدى {organization}',
      body: 'مرحبًا،\n\nأُرسل نموذج طلب ({stream}) لدى {organization} مرة أخرى بعنوان البريد الإلكتروني هذا. لدينا طلبك بالفعل، لذا أبقيناه كما هو ولم نحفظ شيئًا جديدًا.\n\nلمتابعة طلبك أو تعديل إجاباتك قبل أن نبدأ مراجعته أو سحبه، استخدم رابط المتابعة الخاص بك (لا تشاركه مع أحد):\n{statusLink}\n\nإن لم تكن أنت من أرسل النموذج فتجاهل هذه الرسالة.\n\n{organization}',
    },
  },
  updated: {
    en: {
      subject: 'Your {stream} application was updated',
      body: 'Hello {name},\n\nYou changed the answers of your {stream} application to {organization} from your private status link; they replace the earlier ones. If you did not do this, reply to this e-mail.\n\nYour private status link:\n{statusLink}\n\n{organization}',
    },
    ar: {
      subject: 'تم تحديث طلبك: {stream}',
      body: 'مرحبًا {name}،\n\nعدّلت إجابات طلبك ({stream}) لدى {organization} من رابط المتابعة الخاص بك، وحلّت محل الإجابات السابقة. إن لم تكن أنت من فعل ذلك فراسلنا بالرد على هذه الرسالة.\n\nرابط متابعة طلبك الخاص:\n{statusLink}\n\n{organization}',
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
    en: {
      subject: 'A message about your application',
      body: 'Hello {name},\n\n{organization} wrote about your {stream} application:\n\n{message}\n\nYour private status link:\n{statusLink}',
    },
    ar: {
      subject: 'رسالة بخصوص طلبك',
      body: 'مرحبًا {name}،\n\nكتبت {organization} بخصوص طلبك ({stream}):\n\n{message}\n\nرابط متابعة طلبك الخاص:\n{statusLink}',
    },
  },
  under_review: {
    en: {
      subject: 'Your application is being reviewed',
      body: 'Hello {name},\n\n{organization} has started reviewing your {stream} application.\n\nYour private status link:\n{statusLink}',
    },
    ar: {
      subject: 'طلبك قيد المراجعة',
      body: 'مرحبًا {name}،\n\nبدأت {organization} مراجعة طلبك ({stream}).\n\nرابط متابعة طلبك الخاص:\n{statusLink}',
    },
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
    en: {
      subject: 'Your application is on the waiting list',
      body: 'Hello {name},\n\n{organization} put your {stream} application on the waiting list. We will write again when a place opens.\n\n{message}\n\nYour private status link:\n{statusLink}',
    },
    ar: {
      subject: 'طلبك على قائمة الانتظار',
      body: 'مرحبًا {name}،\n\nوضعت {organization} طلبك ({stream}) على قائمة الانتظار. سنراسلك عند توفر مكان.\n\n{message}\n\nرابط متابعة طلبك الخاص:\n{statusLink}',
    },
  },
  rejected: {
    en: {
      subject: 'About your application',
      body: 'Hello {name},\n\nThank you for your {stream} application. {organization} cannot accept it this time.\n\nReason: {reason}\n\nYour private status link:\n{statusLink}',
    },
    ar: {
      subject: 'بخصوص طلبك',
      body: 'مرحبًا {name}،\n\nشكرًا لطلبك ({stream}). لا تستطيع {organization} قبوله هذه المرة.\n\nالسبب: {reason}\n\nرابط متابعة طلبك الخاص:\n{statusLink}',
    },
  },
  withdrawn: {
    en: {
      subject: 'Your application was withdrawn',
      body: 'Hello {name},\n\nYour {stream} application to {organization} was withdrawn as you asked. You are welcome to apply again.\n\n{organization}',
    },
    ar: {
      subject: 'تم سحب طلبك',
      body: 'مرحبًا {name}،\n\nتم سحب طلبك ({stream}) لدى {organization} بناءً على رغبتك. يسعدنا أن تتقدم مجددًا.\n\n{organization}',
    },
  },
};

export const STREAM_WORDS: Record<ApplicationStream, Record<ApplicationLocale, string>> = {
  market_vendor: { en: 'market vendor', ar: 'بائع في السوق' },
  junior_vendor: { en: 'junior vendor', ar: 'بائع ناشئ' },
  workshop: { en: 'workshop', ar: 'ورشة عمل' },
};

export type TemplateValues = Partial<Record<(typeof APPLICATION_EMAIL_PLACEHOLDERS)[number], string>>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Placeholders whose values are our own links: the only text of an applicant e-mail that becomes a link. */
const LINK_PLACEHOLDERS = new Set(['statusLink', 'signInLink']);
/** Placeholders whose values are the organization's own words (its name, the stream's name). */
const OWN_PLACEHOLDERS = new Set(['organization', 'stream', ...LINK_PLACEHOLDERS]);

const isReceipt = (key: ApplicationEmailTemplateKey) => APPLICATION_RECEIPT_TEMPLATE_KEYS.includes(key);

/**
 * Refuses a template that uses a placeholder we do not fill (field names the part: subject or body).
 * A receipt goes to an address nobody has proven, so it may not carry the submitter's text.
 */
export function checkPlaceholders(field: 'subject' | 'body', text: string, key?: ApplicationEmailTemplateKey): void {
  const allowed: readonly string[] = key && isReceipt(key) ? APPLICATION_RECEIPT_PLACEHOLDERS : APPLICATION_EMAIL_PLACEHOLDERS;
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!allowed.includes(name!)) {
      const known = (APPLICATION_EMAIL_PLACEHOLDERS as readonly string[]).includes(name!);
      throw invalid(
        field,
        known
          ? `{${name}} cannot be used in this e-mail: it goes to an address nobody has confirmed, so it carries only your own words; use ${allowed.map((p) => `{${p}}`).join(', ')}`
          : `{${name}} is not a placeholder; use ${allowed.map((p) => `{${p}}`).join(', ')}`,
      );
    }
  }
}

/**
 * A value as it goes into an e-mail: our links and the organization's words as they are; text written
 * by someone else (the applicant's name, a staff note) defanged, so no mail client makes a link of it.
 */
const valueText = (name: string, v: string) => (OWN_PLACEHOLDERS.has(name) ? v : defang(v));

function fill(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = values[name as keyof TemplateValues];
    return v === undefined ? (name in values ? '' : whole) : valueText(name, v);
  });
}

const ORG_URL = /(https?:\/\/[^\s<&]+(?:&amp;[^\s<&]+)*)/g;

/**
 * One paragraph of HTML. The template's own text (the organization's words) is escaped and its URLs
 * made links; a link placeholder becomes a link to itself; any other value is escaped text and can
 * never become a link, because no linking runs over it.
 */
function paragraphHtml(p: string, values: TemplateValues): string {
  let out = '';
  let last = 0;
  // A full stop or comma after a URL ends the sentence, not the URL.
  const literal = (t: string) =>
    escapeHtml(t).replace(ORG_URL, (url: string) => {
      const bare = url.replace(/[.,;:!?)]+$/, '');
      return `<a href="${bare}">${bare}</a>${url.slice(bare.length)}`;
    });
  for (const m of p.matchAll(PLACEHOLDER)) {
    out += literal(p.slice(last, m.index));
    last = m.index! + m[0].length;
    const name = m[1]!;
    const v = values[name as keyof TemplateValues];
    if (v === undefined) out += name in values ? '' : escapeHtml(m[0]);
    else if (LINK_PLACEHOLDERS.has(name)) out += `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>`;
    else out += escapeHtml(valueText(name, v));
  }
  out += literal(p.slice(last));
  return out.replace(/\r?\n/g, '<br>');
}

function toHtml(subject: string, body: string, values: TemplateValues, lang: ApplicationLocale): string {
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${paragraphHtml(p, values)}</p>`)
    .join('\n');
  return emailDocument(subject, paragraphs, lang);
}

export async function loadWording(
  db: DbOrTx,
  orgId: string,
  key: ApplicationEmailTemplateKey,
  locale: ApplicationLocale,
): Promise<Wording> {
  const [row] = await db
    .select({ subject: applicationEmailTemplates.subject, body: applicationEmailTemplates.body })
    .from(applicationEmailTemplates)
    .where(
      and(
        eq(applicationEmailTemplates.orgId, orgId),
        eq(applicationEmailTemplates.templateKey, key),
        eq(applicationEmailTemplates.locale, locale),
      ),
    );
  return row ?? DEFAULT_TEMPLATES[key][locale]!;
}

export function renderWording(w: Wording, values: TemplateValues, locale: ApplicationLocale) {
  const subject = fill(w.subject, values).replace(/[\r\n]+/g, ' ');
  return { subject, text: fill(w.body, values), html: toHtml(subject, w.body, values, locale) };
}

/**
 * The applicant's private status page; the secret rides in the fragment so it never reaches a server log.
 * The query names the applicant's language (the page opens in it) and the organization (its texts).
 */
export function statusLinkOf(ctx: AppContext, token: string, locale: ApplicationLocale = 'en', orgSlug?: string | null): string {
  const url = new URL('/application-status', ctx.config.publicUrl);
  if (orgSlug) url.searchParams.set('org', orgSlug);
  url.searchParams.set('lang', locale);
  return `${url.toString()}#${token}`;
}

export interface ApplicantEmail {
  orgId: string;
  organizationName: string;
  /** Put in the status link, so the page shows the organization's own texts. */
  organizationSlug?: string | null;
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
  // A receipt goes out on a public submission alone: nothing the submitter wrote goes with it, even
  // if a template saved before this rule still names {name}.
  const receipt = isReceipt(key);
  const values: TemplateValues = {
    name: receipt ? '' : m.name,
    organization: m.organizationName,
    stream: STREAM_WORDS[m.stream][m.locale],
    statusLink: statusLinkOf(ctx, m.token, m.locale, m.organizationSlug),
    message: receipt ? '' : (m.message ?? ''),
    reason: receipt ? '' : (m.reason ?? ''),
    signInLink: withLanguage(`${ctx.config.publicUrl}/auth`, m.locale),
  };
  const rendered = renderWording(wording, values, m.locale);
  await ctx.mailer.enqueue(tx, { to: m.to, orgId: m.orgId, template: `application.${key}`, ...rendered });
}
