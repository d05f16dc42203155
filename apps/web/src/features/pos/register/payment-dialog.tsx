import type { PosTender } from '@market/contracts/plain';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../../payment-management';
import { settle, type Payment } from './cart';

interface Row {
  key: number;
  tender: PosTender;
  amount: string;
  reference: string;
}

let nextKey = 1;
const row = (tender: PosTender, amount: string): Row => ({ key: nextKey++, tender, amount, reference: '' });

/**
 * Taking payment: one or more tenders of the register (split tender), each with what the customer handed over.
 * Only cash gives change; the sale completes once the payments cover the total.
 */
export function PaymentDialog({
  open,
  onOpenChange,
  total,
  tenders,
  currency,
  onComplete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number;
  tenders: readonly PosTender[];
  currency: string | null;
  /** Resolves with the words of a refusal to show here, or null once the sale is done. */
  onComplete: (payments: Payment[], change: number[]) => Promise<string | null>;
}) {
  const { t, language } = useI18n();
  const formId = useId();
  const digits = minorDigits(currency);
  const money = (n: number) => formatMoney(n, currency, language);
  const [rows, setRows] = useState<Row[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRows([row(tenders.includes('cash') ? 'cash' : (tenders[0] ?? 'cash'), toMajorInput(total, digits))]);
    setError(null);
    setTried(false);
    setPending(false);
  }, [open, total, tenders, digits]);

  // Empty and zero rows are left out; anything else must be an amount.
  const parsed = rows.map((r) => ({ ...r, minor: r.amount.trim() === '' ? 0 : toMinor(r.amount, digits) }));
  const payments: Payment[] = parsed
    .filter((r) => r.minor !== null && r.minor > 0)
    .map((r) => ({ tender: r.tender, amount: r.minor!, reference: r.tender === 'cash' ? '' : r.reference }));
  const badRow = parsed.some((r) => r.minor === null);
  const s = settle(payments, total);
  const due = 'short' in s ? s.short : 0;

  const update = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = (tender: PosTender) => setRows((rs) => [...rs, row(tender, toMajorInput(due, digits))]);

  const submit = async () => {
    setTried(true);
    if (badRow || !s.ok || pending) return;
    setPending(true);
    setError(null);
    try {
      const refusal = await onComplete(payments, s.change);
      if (refusal) setError(refusal);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.error'));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !pending && onOpenChange(o)}
      title={t('posRegister.pay.title')}
      description={t('posRegister.pay.total', { amount: money(total) })}
      wide
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('posRegister.pay.back')}
          </Button>
          <Button type="submit" form={formId} className="h-11 min-w-40" disabled={pending}>
            {pending ? t('posRegister.pay.completing') : t('posRegister.pay.complete')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ul className="flex flex-col gap-2">
          {parsed.map((r, i) => (
            <li key={r.key} className="flex flex-wrap items-end gap-2 rounded-md border p-2" data-testid="payment-row">
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium">{t('posRegister.pay.tender')}</span>
                <select
                  className={cn(fieldClass, 'h-10 w-40')}
                  value={r.tender}
                  onChange={(e) => update(r.key, { tender: e.target.value as PosTender })}
                >
                  {tenders.map((k) => (
                    <option key={k} value={k}>
                      {t(`pos.tender.${k}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium">{t('posRegister.pay.amount', { index: i + 1 })}</span>
                <input
                  className={cn(fieldClass, 'h-10 w-36 text-end tabular-nums')}
                  inputMode="decimal"
                  dir="ltr"
                  autoComplete="off"
                  autoFocus={i === rows.length - 1}
                  aria-invalid={r.minor === null}
                  value={r.amount}
                  onFocus={(e) => e.target.select()}
                  onChange={(e) => update(r.key, { amount: e.target.value })}
                />
              </label>
              {r.tender !== 'cash' && (
                <label className="flex flex-1 flex-col gap-1 text-sm">
                  <span className="font-medium">{t('posRegister.pay.reference')}</span>
                  <input
                    className={cn(fieldClass, 'h-10')}
                    maxLength={120}
                    value={r.reference}
                    onChange={(e) => update(r.key, { reference: e.target.value })}
                  />
                </label>
              )}
              {rows.length > 1 && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-10"
                  aria-label={t('posRegister.pay.removeRow', { index: i + 1 })}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              )}
              {r.minor === null && <span className="w-full text-xs text-destructive">{t('posRegister.pay.amountInvalid')}</span>}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {tenders.map((k) => (
            <Button key={k} variant="outline" size="sm" className="h-10" onClick={() => add(k)}>
              <Plus className="size-4" aria-hidden />
              {t('posRegister.pay.add', { tender: t(`pos.tender.${k}`) })}
            </Button>
          ))}
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 tabular-nums" aria-live="polite">
          <dt>{t('posRegister.pay.totalLabel')}</dt>
          <dd className="text-end font-semibold">{money(total)}</dd>
          <dt>{t('posRegister.pay.paid')}</dt>
          <dd className="text-end">{money(s.paid)}</dd>
          {due > 0 && (
            <>
              <dt className="font-semibold text-destructive">{t('posRegister.pay.due')}</dt>
              <dd className="text-end font-semibold text-destructive">{money(due)}</dd>
            </>
          )}
          {s.ok && s.changeTotal > 0 && (
            <>
              <dt className="text-lg font-semibold">{t('posRegister.pay.change')}</dt>
              <dd className="text-end text-lg font-bold" data-testid="change-due">
                {money(s.changeTotal)}
              </dd>
            </>
          )}
        </dl>
        {'overpaidWithoutCash' in s && (
          <p role="alert" className="text-sm text-destructive">
            {t('posRegister.pay.onlyCashChange', { amount: money(s.overpaidWithoutCash) })}
          </p>
        )}
        {tried && due > 0 && (
          <p role="alert" className="text-sm text-destructive">
            {t('posRegister.pay.stillDue', { amount: money(due) })}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
