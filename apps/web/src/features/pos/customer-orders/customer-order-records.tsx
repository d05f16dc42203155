import { POS_TENDERS } from '@market/contracts/plain';
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

// A payment's or refund's detail is its tender and amount in minor units ("cash 2500").
const MONEY_DETAIL = new RegExp(`^(${POS_TENDERS.join('|')}) (-?\\d+)$`);

/** What happened to the order, oldest first: who did it, when, and the reason or amount. */
export function CustomerOrderHistory({ history, money }: { history: CustomerOrder['history']; money: Money }) {
  const { t, language } = useI18n();
  const detailOf = (detail: string) => {
    const m = MONEY_DETAIL.exec(detail);
    return m ? `${t(`pos.tender.${m[1]}`)} ${money(Number(m[2]))}` : detail;
  };
  return (
    <ol className="flex flex-col gap-1.5 text-sm" data-testid="customer-order-history">
      {history.map((e, i) => (
        <li key={i} className="flex flex-wrap gap-x-2 border-s-2 ps-3">
          <span className="font-medium">{t(`customerOrders.event.${e.event}`)}</span>
          <span className="text-muted-foreground">{[formatMoment(e.at, language), e.byName].filter(Boolean).join(' · ')}</span>
          {e.detail && (
            <span className="basis-full" dir="auto">
              {detailOf(e.detail)}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
