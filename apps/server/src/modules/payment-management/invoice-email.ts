import { INVOICE_EMAILS_PER_HOUR, type InvoiceState } from '@market/contracts/plain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatMinor } from '../../lib/spreadsheet.js';
import { recordAudit } from '../audit/index.js';
import { defang, emailDocument, escapeHtml, type Mailer } from '../email/index.js';
import { toInvoice, toLine } from './invoice-read.js';
import * as mail from './invoice-email.repository.js';
import * as repo from './invoices.repository.js';
import { baseCurrency } from './payment-management.shared.js';

/** The figures an invoice e-mail shows, read after the invoice row is locked. */
export interface InvoiceMailFacts {
  organization: string;
  vendorName: string;
  number: string;
  state: InvoiceState;
  currency: string;
  digits: number;
  issueDate: string | null;
  dueDate: string | null;
  lines: { descriptionEn: string; descriptionAr: string; quantity: number; unitAmount: number; amount: number }[];
  total: number;
  /** Paid net of refunds. */
  paid: number;
  waived: number;
  credited: number;
  balance: number;
}

const STATE_WORDS: Record<InvoiceState, { en: string; ar: string }> = {
  draft: { en: 'Draft', ar: 'مسودة' },
  issued: { en: 'Open', ar: 'مستحقة' },
  partially_paid: { en: 'Partially paid', ar: 'مدفوعة جزئيًا' },
  paid: { en: 'Paid', ar: 'مدفوعة' },
  overdue: { en: 'Overdue', ar: 'متأخرة السداد' },
  waived: { en: 'Waived', ar: 'معفاة' },
  cancelled: { en: 'Cancelled', ar: 'ملغاة' },
  credited: { en: 'Credited', ar: 'مسوّاة بإشعار دائن' },
};

type Row = readonly [en: string, ar: string, value: string];

/**
 * The invoice e-mail in English and then Arabic: its lines, total, paid, balance and due date, amounts with the
 * currency's minor digits (Western digits in both languages, decision 013). It carries no link: the vendor pays
 * as the organization tells them, and names typed by people (vendor, line descriptions) are defanged so no mail
 * client turns them into one.
 */
export function renderInvoiceEmail(f: InvoiceMailFacts): { subject: string; text: string; html: string } {
  const money = (n: number) => `${formatMinor(n, f.digits)} ${f.currency}`;
  const vendor = defang(f.vendorName);
  const words = STATE_WORDS[f.state];
  const figures: Row[] = [
    ['Total', 'الإجمالي', money(f.total)],
    ['Paid', 'المدفوع', money(f.paid)],
    ...(f.waived ? [['Waived or discounted', 'المعفى أو المخصوم', money(f.waived)] as const] : []),
    ...(f.credited ? [['Credited or cancelled', 'المسوّى أو الملغى', money(f.credited)] as const] : []),
    ['Balance', 'الرصيد المستحق', money(f.balance)],
    ['Due date', 'تاريخ الاستحقاق', f.dueDate ?? '-'],
  ];
  const lines = f.lines.map((l) => ({
    en: defang(l.descriptionEn),
    ar: defang(l.descriptionAr),
    qty: `${l.quantity} × ${money(l.unitAmount)}`,
    amount: money(l.amount),
  }));
  const subject = `${f.organization}: invoice ${f.number} / فاتورة ${f.number}`;
  const text = [
    `Invoice ${f.number} from ${f.organization} to ${vendor}`,
    `Issued: ${f.issueDate ?? '-'}. State: ${words.en}.`,
    '',
    ...lines.map((l) => `- ${l.en}: ${l.qty} = ${l.amount}`),
    '',
    ...figures.map(([en, , v]) => `${en}: ${v}`),
    '',
    `فاتورة ${f.number} من ${f.organization} إلى ${vendor}`,
    `تاريخ الإصدار: ${f.issueDate ?? '-'}. الحالة: ${words.ar}.`,
    '',
    ...lines.map((l) => `- ${l.ar}: ${l.qty} = ${l.amount}`),
    '',
    ...figures.map(([, ar, v]) => `${ar}: ${v}`),
  ].join('\n');
  const table = (lang: 'en' | 'ar') => {
    const head = lang === 'en' ? ['Item', 'Quantity', 'Amount'] : ['البند', 'الكمية', 'المبلغ'];
    const cell = 'style="padding: 4px 8px; border-bottom: 1px solid #e5e7eb"';
    const num = (v: string) => `<td ${cell}><span dir="ltr">${escapeHtml(v)}</span></td>`;
    return `<table style="border-collapse: collapse">
<tr>${head.map((h) => `<th ${cell}>${h}</th>`).join('')}</tr>
${lines.map((l) => `<tr><td ${cell}>${escapeHtml(l[lang])}</td>${num(l.qty)}${num(l.amount)}</tr>`).join('\n')}
${figures.map((r) => `<tr><th ${cell} colspan="2">${lang === 'en' ? r[0] : r[1]}</th>${num(r[2])}</tr>`).join('\n')}
</table>`;
  };
  const org = escapeHtml(f.organization);
  const html = emailDocument(
    subject,
    `<section lang="en" dir="ltr">
<p>Invoice <strong dir="ltr">${escapeHtml(f.number)}</strong> from ${org} to ${escapeHtml(vendor)}.</p>
<p>Issued: ${escapeHtml(f.issueDate ?? '-')}. State: ${words.en}.</p>
${table('en')}
</section>
<hr>
<section lang="ar" dir="rtl">
<p>فاتورة <strong dir="ltr">${escapeHtml(f.number)}</strong> من ${org} إلى ${escapeHtml(vendor)}.</p>
<p>تاريخ الإصدار: ${escapeHtml(f.issueDate ?? '-')}. الحالة: ${words.ar}.</p>
${table('ar')}
</section>`,
  );
  return { subject, text, html };
}

/**
 * Queues the invoice to its vendor's e-mail address through the outbox, in the transaction of its audit row.
 * The invoice row is locked first, so two requests for one invoice count each other's sends: at most
 * INVOICE_EMAILS_PER_HOUR in any hour.
 */
export async function emailInvoice(db: Db, mailer: Mailer, caller: Caller, id: string): Promise<{ queuedTo: string }> {
  return db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, caller.orgId, id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'draft' || !invoice.number) throw conflict('A draft invoice cannot be e-mailed: issue it first');
    const vendor = await mail.vendorContact(tx, caller.orgId, invoice.vendorId);
    const to = vendor?.email?.trim();
    if (!vendor || !to) throw conflict(`${vendor?.name ?? 'The vendor'} has no e-mail address on file: add one to the vendor record first`);
    const sent = await mail.emailsInLastHour(tx, caller.orgId, 'invoice', id);
    if (sent >= INVOICE_EMAILS_PER_HOUR)
      throw conflict(`This invoice was already e-mailed ${sent} times in the last hour, the most allowed: try again later`);
    const [row] = await repo.listInvoices(tx, caller.orgId, { ids: [id] }, 1);
    const summary = toInvoice(row!);
    const digits =
      (await mail.minorDigitsOf(tx, caller.orgId, invoice.currency)) ?? (await baseCurrency(tx, caller.orgId))?.minorDigits ?? 2;
    const message = renderInvoiceEmail({
      organization: await mail.organizationName(tx, caller.orgId),
      vendorName: vendor.name,
      number: invoice.number,
      state: summary.state,
      currency: invoice.currency,
      digits,
      issueDate: summary.issueDate,
      dueDate: summary.dueDate,
      lines: (await repo.linesOf(tx, id)).map(toLine),
      total: summary.total,
      paid: summary.paid - summary.refunded,
      waived: summary.waived,
      credited: summary.credited,
      balance: summary.balance,
    });
    const queued = await mailer.enqueue(tx, { to, orgId: caller.orgId, template: 'payment.invoice', ...message });
    await recordAudit(tx, caller, {
      action: 'email_sent',
      entityType: 'invoice',
      entityId: id,
      after: { number: invoice.number, to, outboxId: queued.id },
    });
    return { queuedTo: to };
  });
}
