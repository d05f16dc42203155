import { CUSTOMER_ORDER_NEXT, customerOrderTakesPayments } from '@market/contracts/plain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { localName } from '../sessions/pos-format';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CustomerOrderDialog } from './customer-order-dialog';
import { dueOf, useTransitionCustomerOrder, type CustomerOrder, type CustomerOrderTarget } from './customer-orders-api';
import { TakePaymentDialog } from './take-payment-dialog';

type Open = { kind: 'edit'; order: CustomerOrder } | { kind: 'pay' } | { kind: 'cancel' } | null;

/** The steps that only need a click (the others open a dialog), with their words at rest and while saving. */
const STEPS = [
  { state: 'confirmed', label: 'customerOrders.action.confirm', busy: 'customerOrders.action.confirming' },
  { state: 'ready', label: 'customerOrders.action.ready', busy: 'customerOrders.action.readying' },
] as const;

/**
 * What the order's state allows: Edit (a draft), Confirm (takes the stock), Mark ready, Take payment (confirmed or
 * ready, while something is due), Complete (only when nothing is due: records the sale) and Cancel (asks why).
 * A refusal shows above the buttons; one that says the order changed comes with the order read again.
 */
export function CustomerOrderActions({
  order: o,
  money,
  currency,
}: {
  order: CustomerOrder;
  money: (minor: number) => string;
  currency: string | null;
}) {
  const { t, language } = useI18n();
  const hintId = useId();
  const [open, setOpen] = useState<Open>(null);
  const transition = useTransitionCustomerOrder(o);
  const next = CUSTOMER_ORDER_NEXT[o.state];
  const due = dueOf(o);
  const takesPayments = customerOrderTakesPayments(o.state);
  const busy = transition.isPending ? transition.variables?.state : undefined;

  const move = (state: CustomerOrderTarget) =>
    transition.mutate({ state }, { onSuccess: (saved) => toast.success(t(`customerOrders.toast.${state}`, { number: saved.number })) });
  // A line the server names (short of stock) is named by its item.
  const lineLabel = (field: string) => {
    const line = o.lines[Number(/^lines\.(\d+)/.exec(field)?.[1] ?? NaN)];
    return line ? localName(language, line.nameEn, line.nameAr) : undefined;
  };
  const failed = transition.error ? errorMessage(t, transition.error, { label: lineLabel }) : null;

  if (!next.length) return null;
  return (
    <footer className="flex flex-col gap-2 border-t p-4" data-testid="customer-order-actions">
      {failed && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {failed}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('customerOrders.action.group')}>
        {o.state === 'draft' && (
          <Button variant="outline" onClick={() => setOpen({ kind: 'edit', order: o })} disabled={transition.isPending}>
            {t('customerOrders.action.edit')}
          </Button>
        )}
        {STEPS.filter((s) => next.includes(s.state)).map((s) => (
          <Button key={s.state} onClick={() => move(s.state)} disabled={transition.isPending}>
            {t(busy === s.state ? s.busy : s.label)}
          </Button>
        ))}
        {takesPayments && (
          <Button variant="outline" onClick={() => setOpen({ kind: 'pay' })} disabled={transition.isPending || due <= 0}>
            {t('customerOrders.action.pay')}
          </Button>
        )}
        {next.includes('completed') && (
          <Button
            onClick={() => move('completed')}
            disabled={transition.isPending || due > 0}
            aria-describedby={due > 0 ? hintId : undefined}
          >
            {t(busy === 'completed' ? 'customerOrders.action.completing' : 'customerOrders.action.complete')}
          </Button>
        )}
        {next.includes('cancelled') && (
          <Button
            variant="ghost"
            className="text-destructive ms-auto"
            onClick={() => setOpen({ kind: 'cancel' })}
            disabled={transition.isPending}
          >
            {t('customerOrders.action.cancel')}
          </Button>
        )}
      </div>
      {next.includes('completed') && due > 0 && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('customerOrders.action.completeHint', { amount: money(due) })}
        </p>
      )}
      {open?.kind === 'edit' && (
        <CustomerOrderDialog order={open.order} currency={currency} onClose={() => setOpen(null)} onSaved={() => setOpen(null)} />
      )}
      {open?.kind === 'pay' && <TakePaymentDialog order={o} currency={currency} onClose={() => setOpen(null)} />}
      {open?.kind === 'cancel' && <CancelOrderDialog order={o} money={money} onClose={() => setOpen(null)} />}
    </footer>
  );
}
