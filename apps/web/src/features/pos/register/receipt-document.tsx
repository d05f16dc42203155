import { dateTimeFormat } from '../../../app/i18n/locale-format';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../payment-management';
import type { ReceiptData } from './receipt-data';
import { nameIn, percentText, shortId } from './register-format';
import type { Register } from './register-storage';
import type { ReceiptTexts } from './use-receipt-texts';
import { QrCode } from './qr-code';

/** An 80 mm thermal roll (72 mm printable) or an A4 sheet (190 mm between 10 mm margins). */
export type Paper = 'thermal' | 'a4';

/** Where a receipt's QR code leads: the sale in Order Management, found by its receipt number. */
export const receiptLink = (receiptNumber: string) => `${window.location.origin}/orders?receipt=${encodeURIComponent(receiptNumber)}`;

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'font-bold')}>
      <span>{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The printed receipt: its own language and direction, black on white whatever the screen's theme. */
export function ReceiptDocument({
  data,
  texts: p,
  paper,
  register,
  currency,
}: {
  data: ReceiptData;
  texts: ReceiptTexts;
  paper: Paper;
  register: Register;
  currency: string | null;
}) {
  const lang = p.language;
  const money = (n: number) => formatMoney(n, currency, lang);
  const ar = lang === 'ar';
  const header = (ar ? register.receiptHeaderAr : register.receiptHeaderEn) || register.receiptHeaderEn || register.receiptHeaderAr;
  const footer = (ar ? register.receiptFooterAr : register.receiptFooterEn) || register.receiptFooterEn || register.receiptFooterAr;
  const soldAt = new Date(data.soldAt);
  const a4 = paper === 'a4';

  return (
    <div
      dir={p.dir}
      lang={lang}
      data-paper={paper}
      data-testid="pos-receipt"
      className={cn(
        'flex flex-col gap-2 bg-white text-black',
        a4 ? 'w-[190mm] max-w-full p-2 text-[10.5pt]' : 'w-[72mm] p-1 text-[9pt] leading-snug',
      )}
    >
      <header
        className={cn('flex flex-col gap-1 border-b border-dashed border-black pb-2', a4 ? 'items-start' : 'items-center text-center')}
      >
        {header && <div className="whitespace-pre-line font-semibold">{header}</div>}
        <div className={a4 ? 'text-[14pt] font-bold' : 'text-[11pt] font-bold'}>{data.registerName}</div>
        <div data-testid="receipt-number">
          {data.receiptNumber
            ? p.t('posRegister.receipt.number', { number: data.receiptNumber })
            : p.t('posRegister.receipt.pending', { id: shortId(data.saleId) })}
        </div>
        <div>
          {Number.isNaN(soldAt.getTime()) ? data.soldAt : dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(soldAt)}
        </div>
        {data.cashierName && <div>{p.t('posRegister.receipt.cashier', { name: data.cashierName })}</div>}
        {data.customerName && <div>{p.t('posRegister.receipt.customer', { name: data.customerName })}</div>}
      </header>

      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-start">
            <th className="py-1 text-start font-semibold">{p.t('posRegister.receipt.item')}</th>
            <th className="py-1 text-end font-semibold">{p.t('posRegister.receipt.qty')}</th>
            {a4 && <th className="py-1 text-end font-semibold">{p.t('posRegister.receipt.price')}</th>}
            <th className="py-1 text-end font-semibold">{p.t('posRegister.receipt.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => (
            <tr key={l.key} className="border-b border-dotted border-black/40 align-top">
              <td className="py-1">
                <div>{nameIn(lang, l)}</div>
                {l.vendorName && <div className="text-[0.85em]">{l.vendorName}</div>}
                {!a4 && (
                  <div className="text-[0.85em] tabular-nums">
                    {l.quantity} × {money(l.unitPrice)}
                  </div>
                )}
                {l.discount > 0 && (
                  <div className="text-[0.85em]">{p.t('posRegister.receipt.lineDiscount', { amount: money(l.discount) })}</div>
                )}
              </td>
              <td className="py-1 text-end tabular-nums">{l.quantity}</td>
              {a4 && <td className="py-1 text-end tabular-nums">{money(l.unitPrice)}</td>}
              <td className="py-1 text-end tabular-nums">{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className={cn('flex flex-col gap-0.5', a4 && 'ms-auto w-[80mm]')}>
        <Row label={p.t('posRegister.receipt.subtotal')} value={money(data.subtotal)} />
        {data.discount > 0 && <Row label={p.t('posRegister.receipt.discount')} value={`−${money(data.discount)}`} />}
        <Row label={p.t('posRegister.receipt.total')} value={money(data.total)} strong testId="receipt-total" />
        {data.taxes.map((x) => (
          <Row key={x.rate} label={p.t('posRegister.receipt.taxAt', { rate: percentText(x.rate, lang) })} value={money(x.tax)} />
        ))}
        {data.taxes.length !== 1 && <Row label={p.t('posRegister.receipt.tax')} value={money(data.tax)} />}
        <div className="mt-1 border-t border-dashed border-black pt-1">
          {data.payments.map((pay, i) => (
            <Row
              key={i}
              label={pay.reference ? `${p.t(`pos.tender.${pay.tender}`)} (${pay.reference})` : p.t(`pos.tender.${pay.tender}`)}
              value={money(pay.amount)}
            />
          ))}
          {data.change > 0 && <Row label={p.t('posRegister.receipt.change')} value={money(data.change)} strong testId="receipt-change" />}
        </div>
      </div>

      {data.receiptNumber ? (
        <div className={cn('flex flex-col gap-1 pt-2', a4 ? 'items-start' : 'items-center')}>
          <QrCode text={receiptLink(data.receiptNumber)} label={p.t('posRegister.receipt.qr')} className="size-24" />
          <span className="text-[0.85em]">{p.t('posRegister.receipt.qr')}</span>
        </div>
      ) : (
        <p className="border border-dashed border-black p-1 text-center text-[0.85em]">{p.t('posRegister.receipt.provisional')}</p>
      )}
      {footer && (
        <footer className={cn('whitespace-pre-line border-t border-dashed border-black pt-2', !a4 && 'text-center')}>{footer}</footer>
      )}
    </div>
  );
}
