import { minorDigits, toMajorInput } from '../../payment-management';
import type { PosOrderSummary } from './orders-api';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The byte order mark that makes Excel read the file as UTF-8 (Arabic names stay legible). */
export const BOM = '\uFEFF';

/**
 * A cell as CSV writes it: quoted when it holds a quote, comma or line break. Text starting with = + - @ (or a
 * tab or carriage return) is prefixed with ' so a spreadsheet never runs a customer's name as a formula; a plain
 * number (-12.500) is left as it is.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The moment in the browser's time zone, written the way spreadsheets sort and read it. */
function localStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The orders as a CSV file's text: headers and labels in the reader's language, amounts in the currency's major
 * unit with a point and no grouping (what spreadsheets parse), lines ending CRLF, a BOM in front.
 */
export function ordersCsv(orders: readonly PosOrderSummary[], t: Translate, currency: string | null): string {
  const digits = minorDigits(currency);
  const header = [
    t('orders.csv.receipt'),
    t('orders.csv.kind'),
    t('orders.csv.soldAt'),
    t('orders.csv.register'),
    t('orders.csv.cashier'),
    t('orders.csv.customer'),
    t('orders.csv.lines'),
    t('orders.csv.vendors'),
    t('orders.csv.tenders'),
    t('orders.csv.placement'),
    currency ? t('orders.csv.totalIn', { currency }) : t('orders.csv.total'),
  ];
  const rows = orders.map((o) => [
    o.receiptNumber,
    t(`orders.kind.${o.kind}`),
    localStamp(o.soldAt),
    o.registerName,
    o.cashierName ?? '',
    o.customerName,
    o.lineCount,
    o.vendorCount,
    o.tenders.map((k) => t(`pos.tender.${k}`)).join(' + '),
    t(`orders.placement.${o.placement}`),
    toMajorInput(o.total, digits),
  ]);
  return BOM + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Hands text to the browser as a download. */
export function saveText(text: string, name: string, type = 'text/csv;charset=utf-8'): void {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
