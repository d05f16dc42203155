import { Link } from 'react-router';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay } from '../../payment-management';
import { formatMoment } from '../sessions/pos-format';
import { CustomerOrderHistory, CustomerOrderPayments } from './customer-order-records';
import { CustomerOrderLines } from './customer-order-lines';
import { dueOf, type CustomerOrder } from './customer-orders-api';

/** A part of the order, named by its heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What a customer order holds: who and how, its lines, totals with paid and due, payments, history and its sale. */
export function CustomerOrderBody({ order: o, money }: { order: CustomerOrder; money: (minor: number) => string }) {
  const { t, language } = useI18n();
  const facts: [string, ReactNode][] = [
    [t('customerOrders.detail.register'), o.registerName],
    [t('customerOrders.detail.customer'), o.customerName],
    ...(o.customerPhone ? [[t('customerOrders.detail.phone'), <span dir="ltr">{o.customerPhone}</span>] as [string, ReactNode]] : []),
    ...(o.customerEmail ? [[t('customerOrders.detail.email'), <span dir="ltr">{o.customerEmail}</span>] as [string, ReactNode]] : []),
    ...(o.fulfilment === 'delivery' ? [[t('customerOrders.detail.address'), o.deliveryAddress || '—'] as [string, ReactNode]] : []),
    [t('customerOrders.detail.dueOn'), formatDay(o.dueOn, language) || '—'],
    [t('customerOrders.detail.taken'), [formatMoment(o.createdAt, language), o.createdByName].filter(Boolean).join(' · ')],
    ...(o.note ? [[t('customerOrders.detail.note'), o.note] as [string, ReactNode]] : []),
  ];
  const totals: [string, number, string?][] = [
    [t('customerOrders.total.subtotal'), o.subtotal],
    [t('customerOrders.total.discount'), o.discount],
    [t('customerOrders.total.tax'), o.tax],
    [t('customerOrders.total.total'), o.total, 'font-semibold'],
    [t('customerOrders.total.paid'), o.paid],
  ];
  const due = dueOf(o);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd dir="auto" className="whitespace-pre-line">
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {o.saleReceiptNumber && (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="customer-order-sale">
          {t('customerOrders.detail.saleRecorded')}{' '}
          <Link
            to={`/orders?receipt=${encodeURIComponent(o.saleReceiptNumber)}&registerId=${o.registerId}`}
            className="font-medium underline"
            dir="ltr"
          >
            {t('customerOrders.detail.saleLink', { number: o.saleReceiptNumber })}
          </Link>
        </p>
      )}
      <Part title={t('customerOrders.detail.lines')}>
        <CustomerOrderLines lines={o.lines} money={money} />
        <dl className="ms-auto grid w-64 grid-cols-2 gap-y-0.5 text-sm" data-testid="customer-order-totals">
          {totals.map(([label, value, look]) => (
            <div key={label} className="contents">
              <dt className={look}>{label}</dt>
              <dd className={`text-end tabular-nums ${look ?? ''}`}>{money(value)}</dd>
            </div>
          ))}
          {o.state !== 'cancelled' && (
            <>
              <dt className="font-semibold">{t('customerOrders.total.due')}</dt>
              <dd className="text-end font-semibold tabular-nums" data-testid="customer-order-due">
                {money(due)}
              </dd>
            </>
          )}
        </dl>
      </Part>
      <Part title={t('customerOrders.detail.payments')}>
        <CustomerOrderPayments payments={o.payments} money={money} />
      </Part>
      <Part title={t('customerOrders.detail.history')}>
        <CustomerOrderHistory history={o.history} money={money} />
      </Part>
    </div>
  );
}
