import type { ReactNode } from 'react';
import { formatNumber } from '../../../app/i18n/locale-format';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../payment-management';
import { formatMoment, formatRate, localName } from './pos-format';
import type { PosSessionReport } from './sessions-api';
import type { PrintTexts } from './use-print-texts';

type Cell = ReactNode;

/** One table of the report: a caption, headers, rows; numbers read against the end edge. */
function ReportTable({
  title,
  head,
  rows,
  empty,
  testId,
}: {
  title: string;
  head: string[];
  rows: Cell[][];
  empty: string;
  testId: string;
}) {
  return (
    <section className="flex flex-col gap-1 break-inside-avoid" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-xs text-neutral-600">{empty}</p>
      ) : (
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr className="border-b border-black">
              {head.map((h, i) => (
                <th key={h} scope="col" className={cn('px-1 py-0.5 font-medium', i === 0 ? 'text-start' : 'text-end')}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r} className="border-b border-neutral-300">
                {row.map((cell, i) => (
                  <td key={i} className={cn('px-1 py-0.5', i === 0 ? 'text-start' : 'text-end tabular-nums')}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * An X report (the session so far) or a Z report (taken once when it closed): the session's figures, the count
 * per tender at the close, and totals by tender, vendor, category and tax rate, with the cash moves. Written in
 * the print's language and direction, black on white whatever the screen's theme.
 */
export function SessionReportDocument({ report, p, currency }: { report: PosSessionReport; p: PrintTexts; currency: string | null }) {
  const { t, language } = p;
  const money = (n: number) => formatMoney(n, currency, language);
  const s = report.session;
  const figures: [string, string][] = [
    [t('posSessions.report.openingFloat'), money(s.openingFloat)],
    [t('posSessions.report.saleCount'), formatNumber(s.saleCount, language)],
    [t('posSessions.report.returnCount'), formatNumber(s.returnCount, language)],
    [t('posSessions.report.grossSales'), money(s.grossSales)],
    [t('posSessions.report.returns'), money(s.returns)],
    [t('posSessions.report.discounts'), money(s.discounts)],
    [t('posSessions.report.taxes'), money(s.taxes)],
    [t('posSessions.report.cashIn'), money(s.cashIn)],
    [t('posSessions.report.cashOut'), money(s.cashOut)],
    [t('posSessions.report.expectedCash'), money(s.expectedCash)],
  ];
  const tender = (k: string) => t(`pos.tender.${k}`);
  return (
    <article
      dir={p.dir}
      lang={language}
      className="flex w-full max-w-[190mm] flex-col gap-4 bg-white p-2 text-[10pt] text-black"
      data-testid="session-report"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-black pb-2">
        <div>
          <h2 className="text-base font-bold">{t(report.kind === 'z' ? 'posSessions.report.zTitle' : 'posSessions.report.xTitle')}</h2>
          <p className="font-medium">{s.registerName}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-xs">
          <dt>{t('posSessions.report.opened')}</dt>
          <dd>
            {formatMoment(s.openedAt, language)} {s.openedByName && `· ${s.openedByName}`}
          </dd>
          {s.closedAt && (
            <>
              <dt>{t('posSessions.report.closed')}</dt>
              <dd>
                {formatMoment(s.closedAt, language)} {s.closedByName && `· ${s.closedByName}`}
              </dd>
            </>
          )}
          <dt>{t('posSessions.report.takenAt')}</dt>
          <dd>{formatMoment(report.takenAt, language)}</dd>
        </dl>
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:grid-cols-[auto_auto_auto_auto]" data-testid="report-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-end tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {s.closing && (
        <ReportTable
          title={t('posSessions.report.counted')}
          testId="report-closing"
          head={[t('posSessions.col.tender'), t('posSessions.col.expected'), t('posSessions.col.counted'), t('posSessions.col.difference')]}
          rows={s.closing.map((c) => [tender(c.tender), money(c.expected), money(c.counted), money(c.difference)])}
          empty={t('posSessions.report.none')}
        />
      )}
      {s.closingNote && <p className="text-xs">{t('posSessions.report.note', { note: s.closingNote })}</p>}
      <ReportTable
        title={t('posSessions.report.byTender')}
        testId="report-tenders"
        head={[
          t('posSessions.col.tender'),
          t('posSessions.col.taken'),
          t('posSessions.col.refunded'),
          t('posSessions.col.change'),
          t('posSessions.col.net'),
        ]}
        rows={report.byTender.map((r) => [tender(r.tender), money(r.taken), money(r.refunded), money(r.change), money(r.net)])}
        empty={t('posSessions.report.none')}
      />
      <ReportTable
        title={t('posSessions.report.byVendor')}
        testId="report-vendors"
        head={[
          t('posSessions.col.vendor'),
          t('posSessions.col.gross'),
          t('posSessions.col.returns'),
          t('posSessions.col.net'),
          t('posSessions.col.commission'),
          t('posSessions.col.payable'),
        ]}
        rows={report.byVendor.map((r) => [
          r.vendorName ?? t('posSessions.report.noVendor'),
          money(r.gross),
          money(r.returns),
          money(r.net),
          money(r.commission),
          money(r.payable),
        ])}
        empty={t('posSessions.report.none')}
      />
      <ReportTable
        title={t('posSessions.report.byCategory')}
        testId="report-categories"
        head={[t('posSessions.col.category'), t('posSessions.col.gross'), t('posSessions.col.returns'), t('posSessions.col.net')]}
        rows={report.byCategory.map((r) => [
          r.categoryId ? localName(language, r.nameEn, r.nameAr) : t('posSessions.report.noCategory'),
          money(r.gross),
          money(r.returns),
          money(r.net),
        ])}
        empty={t('posSessions.report.none')}
      />
      <ReportTable
        title={t('posSessions.report.byTax')}
        testId="report-taxes"
        head={[t('posSessions.col.taxRate'), t('posSessions.col.taxable'), t('posSessions.col.tax')]}
        rows={report.byTax.map((r) => [formatRate(r.rateBasisPoints, language), money(r.taxable), money(r.tax)])}
        empty={t('posSessions.report.none')}
      />
      <ReportTable
        title={t('posSessions.report.cashMoves')}
        testId="report-cash-moves"
        head={[
          t('posSessions.col.when'),
          t('posSessions.col.move'),
          t('posSessions.col.amount'),
          t('posSessions.col.reason'),
          t('posSessions.col.by'),
        ]}
        rows={report.cashMoves.map((m) => [
          formatMoment(m.createdAt, language),
          t(m.kind === 'in' ? 'posSessions.cash.in' : 'posSessions.cash.out'),
          money(m.amount),
          <span key="reason" dir="auto">
            {m.reason}
          </span>,
          m.byName ?? '',
        ])}
        empty={t('posSessions.report.noMoves')}
      />
    </article>
  );
}
