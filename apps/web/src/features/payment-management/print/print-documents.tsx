import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatDay, formatMoment, localText } from '../format';
import { formatMoney } from '../money';
import type { InvoiceDetail, PaymentDetail, VendorStatement } from '../payment-management-api';
import type { PrintTexts } from './use-print-texts';

/** A4 (190 mm of text between 10 mm margins) or an 80 mm thermal roll (72 mm printable). */
export type Paper = 'a4' | 'thermal';

/** What a printed invoice shows: the staff invoice answer and the vendor portal's own both carry it. */
export type PrintableInvoice = Pick<
  InvoiceDetail,
  | 'number'
  | 'vendorName'
  | 'marketDate'
  | 'issueDate'
  | 'dueDate'
  | 'state'
  | 'currency'
  | 'lines'
  | 'total'
  | 'paid'
  | 'refunded'
  | 'waived'
  | 'credited'
  | 'balance'
  | 'allocations'
  | 'notes'
>;

/** Where the booking was, printed under the vendor's name on an invoice. */
export interface PrintContext {
  location?: string;
  slot?: string;
}

interface DocProps {
  p: PrintTexts;
  paper: Paper;
  organization: string;
}

/** The printed page: its own language and direction, black on white whatever the screen's theme. */
function Sheet({
  p,
  paper,
  organization,
  title,
  number,
  children,
  testId,
}: DocProps & { title: string; number: string | null; children: ReactNode; testId: string }) {
  return (
    <div
      dir={p.dir}
      lang={p.language}
      data-paper={paper}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 bg-white text-black',
        paper === 'a4' ? 'w-[190mm] max-w-full p-2 text-[10.5pt]' : 'w-[72mm] p-1 text-[9pt] leading-snug',
      )}
    >
      <header
        className={cn(
          'flex gap-2 border-b border-black pb-2',
          paper === 'a4' ? 'items-start justify-between' : 'flex-col items-center text-center',
        )}
      >
        <div className={paper === 'a4' ? 'text-[14pt] font-bold' : 'text-[11pt] font-bold'}>{organization}</div>
        <div className={paper === 'a4' ? 'text-end' : undefined}>
          <div className="font-semibold">{title}</div>
          {number && <div dir="ltr">{number}</div>}
        </div>
      </header>
      {children}
    </div>
  );
}

/** Label and value on one row; amounts read at the end edge. */
function Row({ label, value, strong, testId }: { label: string; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'border-t border-black pt-1 font-bold')}>
      <span>{label}</span>
      <span className="text-end tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function InvoiceDocument({
  p,
  paper,
  organization,
  invoice,
  context,
}: DocProps & { invoice: PrintableInvoice; context?: PrintContext }) {
  const { t, language } = p;
  const money = (n: number) => formatMoney(n, invoice.currency, language);
  const wide = paper === 'a4';
  return (
    <Sheet
      p={p}
      paper={paper}
      organization={organization}
      title={t('pay.print.invoiceTitle')}
      number={invoice.number}
      testId="print-invoice"
    >
      <section className="flex flex-col gap-0.5">
        <Row label={t('pay.print.vendor')} value={invoice.vendorName} />
        {invoice.marketDate && <Row label={t('pay.print.marketDay')} value={formatDay(invoice.marketDate, language)} />}
        {context?.location && <Row label={t('pay.print.location')} value={context.location} />}
        {context?.slot && <Row label={t('pay.print.slot')} value={<span dir="ltr">{context.slot}</span>} />}
        {invoice.issueDate && <Row label={t('pay.print.issueDate')} value={formatDay(invoice.issueDate, language)} />}
        {invoice.dueDate && <Row label={t('pay.print.dueDate')} value={formatDay(invoice.dueDate, language)} />}
        <Row label={t('pay.print.state')} value={t(`pay.state.${invoice.state}`)} />
      </section>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black">
            <th className="py-1 text-start font-semibold">{t('pay.line.description')}</th>
            {wide && <th className="py-1 text-end font-semibold">{t('pay.line.quantity')}</th>}
            {wide && <th className="py-1 text-end font-semibold">{t('pay.line.unit')}</th>}
            <th className="py-1 text-end font-semibold">{t('pay.line.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.id} className="border-b border-black/30 align-top">
              <td className="py-1">
                {localText(language, l.descriptionEn, l.descriptionAr)}
                {!wide && l.quantity !== 1 && (
                  <div dir="ltr" className="text-start">
                    {l.quantity} × {money(l.unitAmount)}
                  </div>
                )}
              </td>
              {wide && <td className="py-1 text-end tabular-nums">{l.quantity}</td>}
              {wide && <td className="py-1 text-end tabular-nums">{money(l.unitAmount)}</td>}
              <td className="py-1 text-end tabular-nums">{money(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className={cn('flex flex-col gap-0.5', wide && 'ms-auto w-[80mm]')}>
        <Row label={t('pay.figure.total')} value={money(invoice.total)} testId="print-total" />
        {invoice.paid > 0 && <Row label={t('pay.figure.paid')} value={money(invoice.paid)} />}
        {invoice.refunded > 0 && <Row label={t('pay.figure.refunded')} value={money(invoice.refunded)} />}
        {invoice.waived > 0 && <Row label={t('pay.figure.waived')} value={money(invoice.waived)} />}
        {invoice.credited > 0 && <Row label={t('pay.figure.credited')} value={money(invoice.credited)} />}
        <Row label={t('pay.figure.balance')} value={money(invoice.balance)} strong testId="print-balance" />
      </section>
      {invoice.allocations.length > 0 && (
        <section className="flex flex-col gap-0.5">
          <div className="font-semibold">{t('pay.invoice.payments')}</div>
          {invoice.allocations.map((a) => (
            <Row
              key={a.allocationId}
              label={`${formatDay(a.receivedAt, language)} · ${t(`pay.method.${a.method}`)} · ${a.receiptNumber ?? ''}`}
              value={money(a.amount - a.refunded)}
            />
          ))}
        </section>
      )}
      {invoice.notes && <p dir="auto">{invoice.notes}</p>}
    </Sheet>
  );
}

export function ReceiptDocument({ p, paper, organization, payment }: DocProps & { payment: PaymentDetail }) {
  const { t, language } = p;
  const money = (n: number) => formatMoney(n, payment.currency, language);
  return (
    <Sheet
      p={p}
      paper={paper}
      organization={organization}
      title={t('pay.print.receiptTitle')}
      number={payment.receiptNumber}
      testId="print-receipt"
    >
      <section className="flex flex-col gap-0.5">
        <Row label={t('pay.print.vendor')} value={payment.vendorName} />
        <Row label={t('pay.print.receivedAt')} value={formatMoment(payment.receivedAt, language)} />
        <Row label={t('pay.field.method')} value={t(`pay.method.${payment.method}`)} />
        {payment.reference && <Row label={t('pay.field.reference')} value={<span dir="auto">{payment.reference}</span>} />}
        {payment.takenByName && <Row label={t('pay.print.takenBy')} value={payment.takenByName} />}
      </section>
      <section className="flex flex-col gap-0.5">
        <div className="font-semibold">{t('pay.print.appliedTo')}</div>
        {payment.allocations.map((a) => (
          <Row key={a.id} label={a.invoiceNumber ?? ''} value={money(a.amount)} />
        ))}
      </section>
      <section className="flex flex-col gap-0.5">
        <Row label={t('pay.print.received')} value={money(payment.amount)} strong testId="print-received" />
        {payment.refunded > 0 && <Row label={t('pay.figure.refunded')} value={money(payment.refunded)} />}
        {payment.refunded > 0 && <Row label={t('pay.print.net')} value={money(payment.amount - payment.refunded)} strong />}
      </section>
      <p className="text-center">{t('pay.print.thanks')}</p>
    </Sheet>
  );
}

export function StatementDocument({ p, paper, organization, statement }: DocProps & { statement: VendorStatement }) {
  const { t, language } = p;
  const money = (n: number) => formatMoney(n, statement.currency, language);
  const wide = paper === 'a4';
  return (
    <Sheet p={p} paper={paper} organization={organization} title={t('pay.print.statementTitle')} number={null} testId="print-statement">
      <section className="flex flex-col gap-0.5">
        <Row label={t('pay.print.vendor')} value={statement.vendorName} />
        <Row
          label={t('pay.print.period')}
          value={t('pay.statement.range', {
            from: statement.from ? formatDay(statement.from, language) : t('pay.statement.beginning'),
            to: statement.to ? formatDay(statement.to, language) : t('pay.statement.now'),
          })}
        />
        <Row label={t('pay.statement.opening')} value={money(statement.openingBalance)} />
      </section>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black">
            <th className="py-1 text-start font-semibold">{t('pay.statement.date')}</th>
            <th className="py-1 text-start font-semibold">{t('pay.statement.entry')}</th>
            <th className="py-1 text-end font-semibold">{t('pay.line.amount')}</th>
            {wide && <th className="py-1 text-end font-semibold">{t('pay.statement.running')}</th>}
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((e) => (
            <tr key={e.id} className="border-b border-black/30 align-top">
              <td className="py-1">{formatDay(e.occurredOn, language)}</td>
              <td className="py-1">
                {t(`pay.entry.${e.entryType}`)}
                {e.document && (
                  <span dir="ltr" className="ms-1">
                    {e.document}
                  </span>
                )}
              </td>
              <td className="py-1 text-end tabular-nums">{money(e.amount)}</td>
              {wide && <td className="py-1 text-end tabular-nums">{money(e.runningBalance)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <Row label={t('pay.statement.closing')} value={money(statement.closingBalance)} strong testId="print-closing" />
      <p className="text-[8pt]">{t('pay.statement.sign')}</p>
    </Sheet>
  );
}
