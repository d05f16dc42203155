import { APPLICATION_DOCUMENT_TYPES, EXPIRY_WARNING_DAYS, VENDOR_DOCUMENT_STATUSES, type InvoiceState } from '@market/contracts/plain';
import { Clock, FileText, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { VendorPortalOverview } from './vendor-portal-api';
import { formatLocale } from '../../app/i18n/locale-format';

type Vendor = NonNullable<VendorPortalOverview['vendor']>;
type Application = VendorPortalOverview['applications'][number];

const badge = 'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';
const GOOD = 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200';
const WAIT = 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200';
const WARN = 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200';
const BAD = 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200';
const GREY = 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100';

/** The colours of the dashboard's status badges. */
const TONE = { good: GOOD, wait: WAIT, warn: WARN, bad: BAD, grey: GREY } as const;
export type Tone = keyof typeof TONE;

/** The tone of an invoice's state, wherever the dashboard shows one. */
export const INVOICE_STATE_TONE: Record<InvoiceState, Tone> = {
  draft: 'grey',
  issued: 'warn',
  partially_paid: 'wait',
  paid: 'good',
  overdue: 'bad',
  waived: 'wait',
  cancelled: 'grey',
  credited: 'grey',
};

/** A status badge; `status` is the raw value (data-status) so tests and styles can tell states apart. */
export function Badge({ tone, status, testId, children }: { tone: Tone; status?: string; testId?: string; children: ReactNode }) {
  return (
    <span className={cn(badge, TONE[tone])} data-status={status} data-testid={testId}>
      {children}
    </span>
  );
}

/** The value when the list holds it, else the fallback (the overview reports types and statuses as plain text). */
const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

const day = (d: string | null, language: string) =>
  d ? new Date(`${d.slice(0, 10)}T00:00:00Z`).toLocaleDateString(formatLocale(language), { timeZone: 'UTC', dateStyle: 'medium' }) : '—';

export function Card({ title, icon: Icon, children, testId }: { title: string; icon?: LucideIcon; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4" data-testid={testId}>
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden />}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The vendor record: status, type, contact and categories. */
export function VendorCard({ vendor }: { vendor: Vendor }) {
  const { t, language } = useI18n();
  const statusClass = vendor.status === 'active' ? GOOD : vendor.status === 'suspended' ? WARN : BAD;
  return (
    <Card title={t('vendorDashboard.vendor.title')}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={cn(badge, statusClass)} data-testid="vendor-status" data-status={vendor.status}>
          {t(`vendorDashboard.vendorStatus.${vendor.status}`)}
        </span>
        <span className="text-muted-foreground">{t(`vendorDashboard.vendorType.${vendor.vendorType}`)}</span>
      </div>
      {vendor.status !== 'active' && <p className="text-sm">{t('vendorDashboard.vendor.notActive')}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t('vendorDashboard.vendor.contact')}</dt>
        <dd>
          <bdi>{vendor.contactName ?? '—'}</bdi>
        </dd>
        <dt className="text-muted-foreground">{t('vendorDashboard.vendor.email')}</dt>
        <dd>
          <span dir="ltr">{vendor.email ?? '—'}</span>
        </dd>
        <dt className="text-muted-foreground">{t('vendorDashboard.vendor.phone')}</dt>
        <dd>
          <span dir="ltr">{vendor.phone ?? '—'}</span>
        </dd>
      </dl>
      <div className="flex flex-col gap-1 text-sm">
        <h3 className="text-xs font-medium text-muted-foreground">{t('vendorDashboard.vendor.categories')}</h3>
        {vendor.categories.length ? (
          <ul className="flex flex-wrap gap-1">
            {vendor.categories.map((c) => (
              <li
                key={c.id}
                className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs"
                style={{ borderColor: c.colour, backgroundColor: `${c.colour}1f` }}
              >
                <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: c.colour }} />
                {language === 'ar' ? c.nameAr : c.nameEn}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t('vendorDashboard.none')}</p>
        )}
      </div>
    </Card>
  );
}

/** The vendor's documents with their review status and expiry (expired, or expiring within the warning window, is flagged). */
export function DocumentsCard({ documents }: { documents: Vendor['documents'] }) {
  const { t, language } = useI18n();
  const soon = new Date(Date.now() + EXPIRY_WARNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card title={t('vendorDashboard.documents.title')} icon={FileText}>
      {documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('vendorDashboard.documents.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y text-sm">
          {documents.map((d) => {
            const known = oneOf(VENDOR_DOCUMENT_STATUSES, d.status, 'pending');
            const cls = known === 'valid' ? GOOD : known === 'declined' ? BAD : known === 'expired' ? GREY : WAIT;
            const expiring = !!d.expiresOn && d.expiresOn >= today && d.expiresOn <= soon;
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{t(`vendorDashboard.docType.${oneOf(APPLICATION_DOCUMENT_TYPES, d.docType, 'other')}`)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <bdi>{d.fileName}</bdi>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {expiring && (
                    <span className={cn(badge, WARN, 'gap-1')}>
                      <Clock className="size-3" aria-hidden />
                      {t('vendorDashboard.documents.expiringSoon')}
                    </span>
                  )}
                  <span className="text-xs text-muted-foreground">
                    {t('vendorDashboard.documents.expires', { date: day(d.expiresOn, language) })}
                  </span>
                  <span className={cn(badge, cls)}>{t(`vendorDashboard.docStatus.${known}`)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const APP_CLASS: Record<Application['status'], string> = {
  submitted: WAIT,
  under_review: WAIT,
  info_requested: WARN,
  approved: GOOD,
  waitlisted: WARN,
  rejected: BAD,
  withdrawn: GREY,
};

/** Applications of this vendor or sent from the account's e-mail address. */
export function ApplicationsCard({ applications }: { applications: Application[] }) {
  const { t, language } = useI18n();
  return (
    <Card title={t('vendorDashboard.applications.title')}>
      {applications.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('vendorDashboard.applications.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y text-sm">
          {applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="vendor-application">
              <div className="min-w-0">
                <p className="font-medium">
                  <bdi>{a.applicantName}</bdi>
                </p>
                <p className="text-xs text-muted-foreground">
                  {t(`vendorDashboard.stream.${a.stream}`)} ·{' '}
                  {t('vendorDashboard.applications.submitted', { date: day(a.submittedAt, language) })}
                </p>
              </div>
              <span className={cn(badge, APP_CLASS[a.status])} data-status={a.status}>
                {t(`review.status.${a.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{t('vendorDashboard.applications.statusLinkHint')}</p>
    </Card>
  );
}

/** Products, orders and fees come later; the card says so plainly instead of showing made-up figures. */
export function NotYetCard({ title, icon }: { title: string; icon: LucideIcon }) {
  const { t } = useI18n();
  return (
    <Card title={title} icon={icon}>
      <p className="text-sm text-muted-foreground">{t('vendorDashboard.notYet')}</p>
    </Card>
  );
}
