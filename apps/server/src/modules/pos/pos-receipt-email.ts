import type { posRoutes as c } from '@market/contracts';
import { RECEIPT_EMAILS_PER_HOUR } from '@market/contracts/plain';
import type { Db } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid } from '../../lib/errors.js';
import { formatMinor } from '../../lib/spreadsheet.js';
import { recordAudit } from '../audit/index.js';
import { defang, emailDocument, escapeHtml, type Mailer } from '../email/index.js';
import { baseCurrency, emailsInLastHour, organizationName } from '../payment-management/index.js';
import { assertMayUseRegister } from './pos-access.service.js';
import { loadOrder } from './pos-orders.service.js';
import * as repo from './pos-orders.repository.js';

// A receipt by e-mail: what the printed receipt says (the register's header and footer, each line with its vendor,
// the totals, tax included, and how it was paid), in English and then Arabic, like the invoice e-mail. It carries
// no link, and names typed by people are defanged, so no mail client turns them into one.

export interface ReceiptMailFacts {
  organization: string;
  order: c.PosOrder;
  register: { receiptHeaderEn: string; receiptHeaderAr: string; receiptFooterEn: string; receiptFooterAr: string };
  currency: string;
  digits: number;
}

const TENDERS: Record<string, [string, string]> = {
  cash: ['Cash', 'نقدًا'],
  card: ['Card', 'بطاقة'],
  bank_transfer: ['Bank transfer', 'تحويل بنكي'],
  voucher: ['Voucher', 'قسيمة'],
  other: ['Other', 'أخرى'],
};

export function renderReceiptEmail(f: ReceiptMailFacts): { subject: string; text: string; html: string } {
  const o = f.order;
  const money = (n: number) => `${formatMinor(n, f.digits)} ${f.currency}`;
  const sale = o.kind === 'sale';
  const when = o.soldAt.slice(0, 16).replace('T', ' ');
  const title = sale
    ? ([`Receipt ${o.receiptNumber}`, `إيصال ${o.receiptNumber}`] as const)
    : ([
        `Return ${o.receiptNumber} of receipt ${o.originalReceiptNumber ?? ''}`,
        `إرجاع ${o.receiptNumber} من الإيصال ${o.originalReceiptNumber ?? ''}`,
      ] as const);
  const lines = o.lines.map((l) => ({
    en: defang(l.nameEn),
    ar: defang(l.nameAr),
    vendor: l.vendorName ? defang(l.vendorName) : '',
    qty: `${l.quantity} × ${money(l.unitPrice)}`,
    amount: money(l.total),
  }));
  const figures: (readonly [string, string, string])[] = [
    ['Subtotal', 'المجموع الفرعي', money(o.subtotal)],
    ...(o.discount ? [['Discount', 'الخصم', `-${money(o.discount)}`] as const] : []),
    ['Total', 'الإجمالي', money(o.total)],
    ['Tax included', 'شامل الضريبة', money(o.tax)],
    ...o.payments.flatMap((p) => {
      const [en, ar] = TENDERS[p.tender] ?? [p.tender, p.tender];
      const row = [en, ar, money(p.amount)] as const;
      return p.change ? [row, ['Change', 'الباقي', money(p.change)] as const] : [row];
    }),
  ];
  const header = { en: defang(f.register.receiptHeaderEn), ar: defang(f.register.receiptHeaderAr) };
  const footer = { en: defang(f.register.receiptFooterEn), ar: defang(f.register.receiptFooterAr) };
  const subject = `${f.organization}: ${title[0]} / ${title[1]}`;
  const text = [
    ...(header.en ? [header.en] : []),
    `${title[0]} (${o.registerName}, ${when})`,
    '',
    ...lines.map((l) => `- ${l.en}${l.vendor ? ` (${l.vendor})` : ''}: ${l.qty} = ${l.amount}`),
    '',
    ...figures.map(([en, , v]) => `${en}: ${v}`),
    ...(footer.en ? ['', footer.en] : []),
    '',
    ...(header.ar ? [header.ar] : []),
    `${title[1]} (${o.registerName}، ${when})`,
    '',
    ...lines.map((l) => `- ${l.ar}${l.vendor ? ` (${l.vendor})` : ''}: ${l.qty} = ${l.amount}`),
    '',
    ...figures.map(([, ar, v]) => `${ar}: ${v}`),
    ...(footer.ar ? ['', footer.ar] : []),
  ].join('\n');
  const cell = 'style="padding: 4px 8px; border-bottom: 1px solid #e5e7eb"';
  const num = (v: string) => `<td ${cell}><span dir="ltr">${escapeHtml(v)}</span></td>`;
  const section = (lang: 'en' | 'ar') => {
    const i = lang === 'en' ? 0 : 1;
    const head = lang === 'en' ? ['Item', 'Quantity', 'Amount'] : ['الصنف', 'الكمية', 'المبلغ'];
    const item = (l: (typeof lines)[number]) => `${escapeHtml(l[lang])}${l.vendor ? `<br><small>${escapeHtml(l.vendor)}</small>` : ''}`;
    return `<section lang="${lang}" dir="${lang === 'en' ? 'ltr' : 'rtl'}">
${header[lang] ? `<p>${escapeHtml(header[lang])}</p>` : ''}
<p><strong>${escapeHtml(title[i])}</strong><br>${escapeHtml(o.registerName)}, <span dir="ltr">${escapeHtml(when)}</span></p>
<table style="border-collapse: collapse">
<tr>${head.map((h) => `<th ${cell}>${h}</th>`).join('')}</tr>
${lines.map((l) => `<tr><td ${cell}>${item(l)}</td>${num(l.qty)}${num(l.amount)}</tr>`).join('\n')}
${figures.map((r) => `<tr><th ${cell} colspan="2">${r[i]}</th>${num(r[2])}</tr>`).join('\n')}
</table>
${footer[lang] ? `<p>${escapeHtml(footer[lang])}</p>` : ''}
</section>`;
  };
  return { subject, text, html: emailDocument(subject, `${section('en')}\n<hr>\n${section('ar')}`) };
}

/**
 * Queues the receipt through the outbox, in the transaction of its audit row. A lock on the order makes two
 * sends of one receipt count each other: at most RECEIPT_EMAILS_PER_HOUR in any hour.
 */
export async function emailReceipt(
  db: Db,
  mailer: Mailer,
  caller: Caller,
  id: string,
  input: c.PosOrderEmail,
): Promise<{ queuedTo: string }> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `pos_receipt_email:${id}`);
    const order = await loadOrder(tx, caller.orgId, id);
    const register = (await repo.findRegister(tx, caller.orgId, order.registerId))!;
    assertMayUseRegister(caller, register);
    const to = (input.to ?? order.customerEmail).trim();
    if (!to) throw invalid('to', 'is required: this sale has no customer e-mail address');
    const sent = await emailsInLastHour(tx, caller.orgId, 'pos_order', id, 'receipt_emailed');
    if (sent >= RECEIPT_EMAILS_PER_HOUR)
      throw conflict(`This receipt was already e-mailed ${sent} times in the last hour, the most allowed: try again later`);
    const currency = await baseCurrency(tx, caller.orgId);
    const message = renderReceiptEmail({
      organization: await organizationName(tx, caller.orgId),
      order,
      register,
      currency: currency?.code ?? '',
      digits: currency?.minorDigits ?? 2,
    });
    const queued = await mailer.enqueue(tx, { to, orgId: caller.orgId, template: 'pos.receipt', ...message });
    await recordAudit(tx, caller, {
      action: 'receipt_emailed',
      entityType: 'pos_order',
      entityId: id,
      after: { receiptNumber: order.receiptNumber, to, outboxId: queued.id },
    });
    return { queuedTo: to };
  });
}
