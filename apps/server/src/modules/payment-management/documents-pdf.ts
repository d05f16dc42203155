import type { paymentManagementRoutes as c } from '@market/contracts';
import { PdfWriter, type Box, type TextStyle } from '../../lib/pdf/document.js';

// A vendor statement and an invoice as A4 PDFs (the same figures as the screen, the printed view and the CSV), in
// the reader's language. The words come from the organization's dictionary of that language (`texts`), as the
// printed view's do; numbers and dates are written with Western digits in every language (decision 013).

/** What a document is written with: the reader's language and words, the organization's name and currency digits. */
export interface PdfContext {
  language: string;
  dir: 'ltr' | 'rtl';
  t: (key: string, vars?: Record<string, string | number>) => string;
  organization: string;
  /** Minor digits of the currency in the organization's master data (null: the currency's usual digits). */
  digits: number | null;
}

const locale = (language: string) => `${language}-u-nu-latn`;

// Intl formatters are costly to build and a statement formats every entry twice: one per language, currency and digits.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/** An amount in minor units as the language writes money. */
export function moneyText(minor: number, currency: string | null, language: string, digits: number | null = null): string {
  if (!currency) return String(minor);
  const usual = cached(`n|${language}|${currency}`, () => new Intl.NumberFormat(locale(language), { style: 'currency', currency }));
  const d = digits ?? usual.resolvedOptions().maximumFractionDigits ?? 2;
  const f =
    digits === null
      ? usual
      : cached(
          `n|${language}|${currency}|${d}`,
          () =>
            new Intl.NumberFormat(locale(language), { style: 'currency', currency, minimumFractionDigits: d, maximumFractionDigits: d }),
        );
  return f.format(minor / 10 ** d);
}

export const dayText = (day: string, language: string) =>
  cached(`d|${language}`, () => new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: 'UTC' })).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );

/** A table column: where it starts from the start side, how wide, and the text's side. */
interface Column {
  from: number;
  width: number;
  align?: Box['align'];
}

/** The parts every document shares: the title and the organization, label/value rows, tables, totals. */
class Sheet {
  readonly pdf: PdfWriter;
  constructor(
    readonly x: PdfContext,
    title: string,
    number: string | null,
  ) {
    this.pdf = new PdfWriter(x.dir, { title: number ? `${title} ${number}` : title });
    const half = this.pdf.contentWidth / 2;
    this.pdf.line(title, this.pdf.column(0, half), this.pdf.y, { size: 16, bold: true });
    this.pdf.line(x.organization, this.pdf.column(half, half, 'end'), this.pdf.y + 4, { muted: true });
    this.pdf.y += 22;
    if (number) {
      this.pdf.line(number, this.pdf.column(0, half), this.pdf.y, { size: 11 });
      this.pdf.y += 16;
    }
    this.pdf.y += 8;
  }

  /** "Label   value" across the page. */
  row(label: string, value: string, style: TextStyle = {}): void {
    const w = this.pdf.contentWidth;
    this.pdf.ensure(16);
    this.pdf.line(label, this.pdf.column(0, w * 0.4), this.pdf.y, { ...style, muted: !style.bold });
    this.pdf.line(value, this.pdf.column(w * 0.4, w * 0.6, 'end'), this.pdf.y, style);
    this.pdf.y += style.bold ? 18 : 15;
  }

  /** A table with its header repeated on every page it runs over. */
  table(columns: Column[], head: string[], rows: string[][]): void {
    const boxes = columns.map((col) => this.pdf.column(col.from, col.width, col.align));
    const header = () => {
      head.forEach((h, i) => this.pdf.line(h, boxes[i]!, this.pdf.y, { bold: true, size: 9 }));
      this.pdf.y += 15;
      this.pdf.rule();
      this.pdf.y += 5;
    };
    this.pdf.ensure(40);
    header();
    for (const r of rows) {
      if (this.pdf.ensure(15)) header();
      r.forEach((cell, i) => this.pdf.line(cell, boxes[i]!, this.pdf.y, { size: 9 }));
      this.pdf.y += 15;
    }
    this.pdf.rule(this.pdf.y - 3);
    this.pdf.y += 6;
  }

  note(text: string): void {
    this.pdf.ensure(20);
    this.pdf.y += 6;
    this.pdf.line(text, this.pdf.column(0, this.pdf.contentWidth), this.pdf.y, { size: 8, muted: true });
    this.pdf.y += 12;
  }
}

export function statementPdf(s: c.VendorStatement, x: PdfContext): Promise<Buffer> {
  const { t, language } = x;
  const sheet = new Sheet(x, t('pay.print.statementTitle'), null);
  const money = (n: number) => moneyText(n, s.currency, language, x.digits);
  sheet.row(t('pay.print.vendor'), s.vendorName);
  sheet.row(
    t('pay.print.period'),
    t('pay.statement.range', {
      from: s.from ? dayText(s.from, language) : t('pay.statement.beginning'),
      to: s.to ? dayText(s.to, language) : t('pay.statement.now'),
    }),
  );
  sheet.row(t('pay.statement.opening'), money(s.openingBalance), { bold: true });
  const w = sheet.pdf.contentWidth;
  const rows = s.entries.map((e) => [
    dayText(e.occurredOn, language),
    [t(`pay.entry.${e.entryType}`), e.document].filter(Boolean).join(' '),
    e.memo ?? '',
    money(e.amount),
    money(e.runningBalance),
  ]);
  sheet.table(
    [
      { from: 0, width: 72 },
      { from: 76, width: 130 },
      { from: 210, width: w - 210 - 168 },
      { from: w - 164, width: 80, align: 'end' },
      { from: w - 80, width: 80, align: 'end' },
    ],
    [t('pay.statement.date'), t('pay.statement.entry'), t('pay.statement.memo'), t('pay.line.amount'), t('pay.statement.running')],
    rows.length ? rows : [[t('pay.statement.empty')]],
  );
  sheet.row(t('pay.statement.closing'), money(s.closingBalance), { bold: true });
  sheet.note(t('pay.statement.sign'));
  return sheet.pdf.end();
}

/** What an invoice's PDF shows (the staff detail and the vendor's own both have it). */
export type PdfInvoice = Pick<
  c.InvoiceDetail,
  | 'number'
  | 'vendorName'
  | 'marketDate'
  | 'issueDate'
  | 'dueDate'
  | 'state'
  | 'currency'
  | 'total'
  | 'paid'
  | 'refunded'
  | 'waived'
  | 'credited'
  | 'balance'
  | 'notes'
  | 'lines'
  | 'allocations'
>;

export function invoicePdf(inv: PdfInvoice, x: PdfContext): Promise<Buffer> {
  const { t, language } = x;
  const sheet = new Sheet(x, t('pay.print.invoiceTitle'), inv.number);
  const money = (n: number) => moneyText(n, inv.currency, language, x.digits);
  sheet.row(t('pay.print.vendor'), inv.vendorName);
  if (inv.marketDate) sheet.row(t('pay.print.marketDay'), dayText(inv.marketDate, language));
  if (inv.issueDate) sheet.row(t('pay.print.issueDate'), dayText(inv.issueDate, language));
  if (inv.dueDate) sheet.row(t('pay.print.dueDate'), dayText(inv.dueDate, language));
  sheet.row(t('pay.print.state'), t(`pay.state.${inv.state}`));
  sheet.pdf.y += 6;
  const w = sheet.pdf.contentWidth;
  sheet.table(
    [
      { from: 0, width: w - 250 },
      { from: w - 246, width: 60, align: 'end' },
      { from: w - 182, width: 90, align: 'end' },
      { from: w - 88, width: 88, align: 'end' },
    ],
    [t('pay.line.description'), t('pay.line.quantity'), t('pay.line.unit'), t('pay.line.amount')],
    inv.lines.map((l) => [language === 'ar' ? l.descriptionAr : l.descriptionEn, String(l.quantity), money(l.unitAmount), money(l.amount)]),
  );
  sheet.row(t('pay.figure.total'), money(inv.total));
  if (inv.paid > 0) sheet.row(t('pay.figure.paid'), money(inv.paid));
  if (inv.refunded > 0) sheet.row(t('pay.figure.refunded'), money(inv.refunded));
  if (inv.waived > 0) sheet.row(t('pay.figure.waived'), money(inv.waived));
  if (inv.credited > 0) sheet.row(t('pay.figure.credited'), money(inv.credited));
  sheet.row(t('pay.figure.balance'), money(inv.balance), { bold: true });
  if (inv.allocations.length) {
    sheet.pdf.y += 8;
    sheet.row(t('pay.invoice.payments'), '', { bold: true });
    for (const a of inv.allocations)
      sheet.row([dayText(a.receivedAt, language), t(`pay.method.${a.method}`), a.receiptNumber ?? ''].join(' · '), money(a.amount));
  }
  if (inv.notes) sheet.note(inv.notes);
  return sheet.pdf.end();
}
