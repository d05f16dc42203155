import { Undo2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoment } from '../sessions/pos-format';
import { KindBadge, PlacementBadge } from './order-badges';
import { OrderLines } from './order-lines';
import { useOrder, type PosOrder } from './orders-api';
import { EmailReceiptButton } from './email-receipt-dialog';
import { ReturnDialog } from './return-dialog';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Lines still returnable: a sale's lines with some quantity not yet returned. */
export const returnable = (o: PosOrder) => o.kind === 'sale' && o.lines.some((l) => l.quantity > l.returnedQuantity);

function OrderBody({ order, money, onOpen }: { order: PosOrder; money: (n: number) => string; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const sale = order.kind === 'sale';
  const facts: [string, ReactNode][] = [
    [t('orders.detail.soldAt'), formatMoment(order.soldAt, language)],
    [t('orders.detail.register'), order.registerName],
    [t('orders.detail.cashier'), order.cashierName ?? '—'],
    [t('orders.detail.customer'), [order.customerName, order.customerEmail].filter(Boolean).join(' · ') || '—'],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd dir="auto">{v}</dd>
          </div>
        ))}
        {order.note && (
          <>
            <dt className="text-muted-foreground">{t(sale ? 'orders.detail.note' : 'orders.detail.reason')}</dt>
            <dd dir="auto">{order.note}</dd>
          </>
        )}
      </dl>
      {order.originalOrderId && (
        <p className="text-sm">
          {t('orders.detail.returnOf')}{' '}
          <button
            type="button"
            className="font-medium text-primary hover:underline"
            dir="ltr"
            onClick={() => onOpen(order.originalOrderId!)}
          >
            {order.originalReceiptNumber}
          </button>
        </p>
      )}
      <Part title={t('orders.detail.lines')}>
        <OrderLines order={order} money={money} />
        <dl className="ms-auto grid w-64 grid-cols-2 gap-y-0.5 text-sm" data-testid="order-totals">
          <dt>{t('orders.detail.subtotal')}</dt>
          <dd className="text-end tabular-nums">{money(order.subtotal)}</dd>
          <dt>{t('orders.detail.discount')}</dt>
          <dd className="text-end tabular-nums">{money(order.discount)}</dd>
          <dt>{t('orders.detail.tax')}</dt>
          <dd className="text-end tabular-nums">{money(order.tax)}</dd>
          <dt className="font-semibold">{t('orders.detail.total')}</dt>
          <dd className="text-end font-semibold tabular-nums">{money(order.total)}</dd>
        </dl>
      </Part>
      <Part title={t(sale ? 'orders.detail.payments' : 'orders.detail.refunds')}>
        <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="order-payments">
          {order.payments.map((p, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
              <span>
                {t(`pos.tender.${p.tender}`)}
                {p.reference && <span className="ms-2 text-xs text-muted-foreground">{p.reference}</span>}
              </span>
              <span className="tabular-nums">
                {money(p.amount)}
                {p.change > 0 && (
                  <span className="ms-2 text-xs text-muted-foreground">{t('orders.detail.change', { amount: money(p.change) })}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </Part>
      {sale && order.returns.length > 0 && (
        <Part title={t('orders.detail.returns')}>
          <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="order-returns">
            {order.returns.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
                <button type="button" className="font-medium text-primary hover:underline" dir="ltr" onClick={() => onOpen(r.id)}>
                  {r.receiptNumber}
                </button>
                <span className="text-muted-foreground">{formatMoment(r.soldAt, language)}</span>
                <span className="tabular-nums">{money(r.total)}</span>
              </li>
            ))}
          </ul>
        </Part>
      )}
    </div>
  );
}

/**
 * One order in a side panel (full width on a phone): its lines per vendor, payments with change, its returns or
 * the sale it returns. On the orders page (not the archive) a sale with something left to return offers "Return items".
 */
export function OrderDetailsSheet({
  orderId,
  onClose,
  onOpen,
  money,
  allowReturn,
}: {
  orderId: string | null;
  onClose: () => void;
  onOpen: (id: string) => void;
  money: (minor: number) => string;
  allowReturn: boolean;
}) {
  const { t } = useI18n();
  const order = useOrder(orderId);
  const o = order.data;
  const [returning, setReturning] = useState(false);
  const missing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <Dialog.Root open={!!orderId} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full max-w-3xl flex-col border-s bg-background shadow-xl outline-none"
          aria-describedby={undefined}
          data-testid="order-sheet"
        >
          <header className="flex items-start justify-between gap-3 border-b p-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">
                {o
                  ? t(o.kind === 'sale' ? 'orders.detail.saleTitle' : 'orders.detail.returnTitle', { number: o.receiptNumber })
                  : t('orders.detail.title')}
              </Dialog.Title>
              {o && (
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <KindBadge kind={o.kind} />
                  <PlacementBadge placement={o.placement} />
                </p>
              )}
            </div>
            <div className="flex items-center gap-2">
              {o && <EmailReceiptButton compact orderId={o.id} receiptNumber={o.receiptNumber} customerEmail={o.customerEmail} />}
              {allowReturn && o && returnable(o) && (
                <Button size="sm" onClick={() => setReturning(true)}>
                  <Undo2 className="size-4" aria-hidden />
                  {t('orders.return.action')}
                </Button>
              )}
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('common.close')}>
                  <X className="size-4" aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
          </header>
          <div className="flex-1 overflow-y-auto p-4">
            {!o && order.isPending && (
              <div role="status" className="flex flex-col gap-2">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-10 animate-pulse rounded bg-muted" />
                ))}
                <span className="text-sm text-muted-foreground">{t('common.loading')}</span>
              </div>
            )}
            {!o && order.error && (
              <div
                role="alert"
                className="flex flex-col items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
              >
                <span>{missing ? t('orders.detail.notFound') : t('orders.detail.loadFailed')}</span>
                {!missing && (
                  <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
                    {t('common.tryAgain')}
                  </Button>
                )}
              </div>
            )}
            {o && <OrderBody order={o} money={money} onOpen={onOpen} />}
          </div>
          {returning && o && (
            <ReturnDialog
              key={o.id}
              order={o}
              money={money}
              onClose={() => setReturning(false)}
              onOpen={(id) => {
                setReturning(false);
                onOpen(id);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
