import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoment } from '../sessions/pos-format';
import type { CustomerOrder } from './customer-orders-api';

type Money = (minor: number) => string;

/** Payments taken for the order, oldest first; a refund (a cancelled order's) is a negative payment. */
export function CustomerOrderPayments({ payments, money }: { payments: CustomerOrder['payments']; money: Money }) {
  const { t, language } = useI18n();
  if (!payments.length) return <p className="text-sm text-muted-foreground">{t('customerOrders.detail.noPayments')}</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="customer-order-payments">
      {payments.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-1.5">
          <span>
            {p.amount < 0 && <span className="me-2 font-medium text-rose-700">{t('customerOrders.payment.refund')}</span>}
            {t(`pos.tender.${p.tender}`)}
            {p.reference && (
              <span className="ms-2 text-xs text-muted-foreground" dir="auto">
                {p.reference}
              </span>
            )}
          </span>
          <span className="text-xs text-muted-foreground">
            {[formatMoment(p.createdAt, language), p.byName].filter(Boolean).join(' · ')}
          </span>
          <span className="tabular-nums">{money(p.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What happened to the order, oldest first: who did it, when, and the reason or amount. */
export function CustomerOrderHistory({ history, money }: { history: CustomerOrder['history']; money: Money }) {
  const { t, language } = useI18n();
  return (
    <ol className="flex flex-col gap-1.5 text-sm" data-testid="customer-order-history">
      {history.map((e, i) => {
        const detail = e.tender && e.amount !== null ? `${t(`pos.tender.${e.tender}`)} ${money(e.amount)}` : e.reason;
        return (
          <li key={i} className="flex flex-wrap gap-x-2 border-s-2 ps-3">
            <span className="font-medium">{t(`customerOrders.event.${e.event}`)}</span>
            <span className="text-muted-foreground">{[formatMoment(e.at, language), e.byName].filter(Boolean).join(' · ')}</span>
            {detail && (
              <span className="basis-full" dir="auto">
                {detail}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
