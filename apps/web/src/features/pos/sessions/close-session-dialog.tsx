import { POS_TENDERS, type PosTender } from '@market/contracts/plain';
import { useState } from 'react';
import { FormDialogForm, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { formatMoney, FormError, minorDigits, toMinor, useMoneyForm } from '../../payment-management';
import { useCloseSession, useSessionReport, type PosSession } from './sessions-api';

/** Red when short, amber when over, plain when the count matches. */
const differenceClass = (d: number | null) =>
  d === null || d === 0 ? '' : d < 0 ? 'text-destructive font-medium' : 'text-amber-700 font-medium';

/**
 * Closes a session by counting each tender of its register. Expected amounts come from the X report (cash: the
 * drawer's expected cash; other tenders: what they took net of change and refunds); the difference of each
 * tender follows the count as it is typed. The answer is the Z report, which the page shows next.
 */
export function CloseSessionDialog({
  session,
  tenders,
  currency,
  onClose,
  onClosed,
}: {
  session: PosSession;
  /** The tenders the session's register takes: the ones counted. */
  tenders: readonly PosTender[];
  currency: string | null;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { t, language } = useI18n();
  const digits = minorDigits(currency);
  const money = (n: number) => formatMoney(n, currency, language);
  const report = useSessionReport(session.id);
  const [counted, setCounted] = useState<Partial<Record<PosTender, string>>>({});
  const [note, setNote] = useState('');
  const mutation = useCloseSession(session.id);
  const form = useMoneyForm({ mutation, fields: ['counted', 'note'], onDone: onClosed });

  const x = report.data;
  const expected = (tender: PosTender) =>
    tender === 'cash' ? (x?.session.expectedCash ?? session.expectedCash) : (x?.byTender.find((r) => r.tender === tender)?.net ?? 0);
  // A tender the register no longer takes but that took money in this session is shown too (counted as 0).
  const rows = POS_TENDERS.filter((k) => tenders.includes(k) || x?.byTender.some((r) => r.tender === k));
  const countable = rows.filter((k) => tenders.includes(k));
  const amountOf = (k: PosTender) => (countable.includes(k) ? toMinor(counted[k] ?? '', digits) : 0);
  const difference = (k: PosTender) => {
    const a = amountOf(k);
    return a === null ? null : a - expected(k);
  };
  const totalDifference = rows.every((k) => difference(k) !== null) ? rows.reduce((s, k) => s + difference(k)!, 0) : null;

  const submit = () => {
    if (!x) return;
    const found: Record<string, string> = {};
    countable.forEach((k, i) => {
      if (amountOf(k) === null) found[`counted.${i}`] = t('posSessions.check.count', { tender: t(`pos.tender.${k}`) });
    });
    form.submit(found, () => ({
      body: { counted: countable.map((tender) => ({ tender, amount: amountOf(tender)! })), ...(note.trim() ? { note: note.trim() } : {}) },
    }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('posSessions.close.title', { register: session.registerName })}
      description={t('posSessions.close.description')}
      wide
      pending={form.pending}
      submitLabel={form.submitLabel(t('posSessions.close.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="close-session-form"
    >
      {!x && (
        <ListState
          loading={report.isPending}
          error={report.error}
          empty={false}
          loadingLabel={t('common.loading')}
          errorLabel={t('posSessions.report.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void report.refetch()}
          emptyContent={null}
        />
      )}
      {x && (
        <table className="w-full text-sm" data-testid="close-count">
          <caption className="sr-only">{t('posSessions.close.caption')}</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1 text-start font-medium">
                {t('posSessions.col.tender')}
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                {t('posSessions.col.expected')}
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                {t('posSessions.col.counted')}
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                {t('posSessions.col.difference')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => {
              const i = countable.indexOf(k);
              const error = i >= 0 ? form.error(`counted.${i}`) : undefined;
              const d = difference(k);
              const label = t('posSessions.close.countedOf', { tender: t(`pos.tender.${k}`) });
              return (
                <tr key={k} className="border-t align-top" data-testid={`count-${k}`}>
                  <th scope="row" className="px-2 py-2 text-start font-medium">
                    {t(`pos.tender.${k}`)}
                  </th>
                  <td className="px-2 py-2 text-end tabular-nums">{money(expected(k))}</td>
                  <td className="px-2 py-1">
                    {i >= 0 ? (
                      <>
                        <input
                          className={cn(fieldClass, 'text-end tabular-nums')}
                          aria-label={currency ? `${label} (${currency})` : label}
                          aria-invalid={!!error}
                          inputMode="decimal"
                          dir="ltr"
                          autoComplete="off"
                          value={counted[k] ?? ''}
                          onChange={(e) => setCounted((c) => ({ ...c, [k]: e.target.value }))}
                        />
                        {error && <span className="text-xs text-destructive">{error}</span>}
                      </>
                    ) : (
                      <span className="block text-end text-xs text-muted-foreground">{t('posSessions.close.notTaken')}</span>
                    )}
                  </td>
                  <td className={cn('px-2 py-2 text-end tabular-nums', differenceClass(d))} data-testid={`difference-${k}`}>
                    {d === null ? '—' : money(d)}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t font-medium">
              <th scope="row" colSpan={3} className="px-2 py-2 text-start">
                {t('posSessions.close.totalDifference')}
              </th>
              <td className={cn('px-2 py-2 text-end tabular-nums', differenceClass(totalDifference))} data-testid="difference-total">
                {totalDifference === null ? '—' : money(totalDifference)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <TextField
        label={t('posSessions.field.closingNote')}
        value={note}
        onValueChange={setNote}
        error={form.error('note')}
        maxLength={1000}
        dir="auto"
      />
      <p className="text-xs text-muted-foreground">{t('posSessions.close.final')}</p>
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
