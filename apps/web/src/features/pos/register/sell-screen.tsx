import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import {
  addItem,
  cartOverLimit,
  orderBody,
  priceCart,
  removeLine,
  setLineDiscount,
  setOrderDiscount,
  setQuantity,
  type Payment,
} from './cart';
import { CartLines } from './cart-lines';
import { CartSummary } from './cart-summary';
import { ItemSearch } from './item-search';
import { PaymentDialog } from './payment-dialog';
import { receiptFromCart, receiptFromOrder, type ReceiptData } from './receipt-data';
import { ReceiptView } from './receipt-view';
import { ParkedCartsDialog, RefusedSalesDialog } from './register-dialogs';
import { RegisterStatusBar } from './register-status-bar';
import type { Register, Session } from './register-storage';
import type { Recorded } from './sale-queue';
import { useCart } from './use-cart';
import { useLookup } from './use-lookup';
import { useOnline } from './use-online';
import { useRegisterSnapshot } from './use-register-snapshot';
import { useSaleQueue } from './use-sale-queue';

type Done = { saleId: string; provisional: ReceiptData; recorded: Recorded | null };

/** The selling screen: search, cart, totals, payment, and the receipt of the sale just made. */
export function SellScreen({
  register,
  session,
  currency: baseCurrency,
  onChangeRegister,
}: {
  register: Register;
  session: Session;
  currency: string | null;
  onChangeRegister: () => void;
}) {
  const { t } = useI18n();
  const online = useOnline();
  const { snapshot, loading: snapshotLoading, failed: snapshotFailed } = useRegisterSnapshot(register.id);
  const queue = useSaleQueue();
  const { cart, update, startNew, parked, park, resume, discard } = useCart(register.id);
  const currency = snapshot?.currency?.code ?? baseCurrency;
  const allowNegativeStock = snapshot?.register.allowNegativeStock ?? register.allowNegativeStock;
  const lookup = useLookup(register.id, snapshot?.items);
  const priced = useMemo(() => priceCart(cart), [cart]);
  // The cashier's discount limit (a snapshot kept before limits existed has none): the server refuses a sale past it.
  const discountLimit = snapshot?.discountLimit ?? null;
  const overLimit = useMemo(() => cartOverLimit(cart, priced, discountLimit), [cart, priced, discountLimit]);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [dialog, setDialog] = useState<'parked' | 'refused' | 'clear' | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const focusSearch = () => window.setTimeout(() => search.current?.focus(), 0);

  // F9 takes payment from anywhere on the selling screen.
  const canPay = !done && !paying && !dialog && cart.lines.length > 0 && priced.total > 0 && !overLimit;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F9' && canPay) {
        e.preventDefault();
        setPaying(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canPay]);

  const complete = async (payments: Payment[], change: number[]): Promise<string | null> => {
    const soldAt = new Date().toISOString();
    const body = orderBody(cart, { registerId: register.id, sessionId: session.id, payments, soldAt });
    const provisional = receiptFromCart(cart, priced, payments, change, { registerName: register.name, soldAt });
    const result = await queue.complete(body);
    if (result.kind === 'refused') return errorMessage(t, result.error);
    setDone({ saleId: cart.id, provisional, recorded: result.kind === 'sent' ? result.recorded : null });
    setPaying(false);
    startNew();
    return null;
  };

  const statusBar = (
    <RegisterStatusBar
      register={register}
      session={session}
      online={online}
      waiting={queue.waiting.length}
      refused={queue.refused.length}
      sending={queue.sending}
      parked={parked.length}
      onSendNow={() => void queue.sendNow()}
      onShowRefused={() => setDialog('refused')}
      onShowParked={() => setDialog('parked')}
      onChangeRegister={onChangeRegister}
    />
  );
  const dialogs = (
    <>
      <RefusedSalesDialog
        open={dialog === 'refused'}
        onOpenChange={(o) => setDialog(o ? 'refused' : null)}
        sales={queue.refused}
        currency={currency}
        onRetry={(id) => void queue.retry(id)}
      />
      <ParkedCartsDialog
        open={dialog === 'parked'}
        onOpenChange={(o) => setDialog(o ? 'parked' : null)}
        parked={parked}
        currency={currency}
        onResume={(id) => {
          resume(id);
          setDone(null);
          setDialog(null);
          focusSearch();
        }}
        onDiscard={discard}
      />
    </>
  );

  if (done) {
    // The server's receipt once the sale is recorded (now, or later from the queue); the provisional one until then.
    const recorded = done.recorded ?? queue.recorded[done.saleId];
    return (
      <div className="flex flex-col gap-4">
        {statusBar}
        <ReceiptView
          data={recorded ? receiptFromOrder(recorded.order) : done.provisional}
          register={register}
          currency={currency}
          onNewSale={() => setDone(null)}
        />
        {dialogs}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {statusBar}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <ItemSearch ref={search} lookup={lookup} currency={currency} onAdd={(item) => update((c) => addItem(c, item))} />
          {!online && (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
              {snapshot
                ? t('posRegister.offline.selling', { count: snapshot.items.length })
                : snapshotLoading
                  ? t('posRegister.offline.loading')
                  : t('posRegister.offline.noSnapshot')}
            </p>
          )}
          {online && snapshotFailed && <p className="text-xs text-muted-foreground">{t('posRegister.offline.snapshotFailed')}</p>}
          <CartLines
            cart={cart}
            priced={priced.lines}
            currency={currency}
            allowNegativeStock={allowNegativeStock}
            discountLimit={discountLimit}
            overLine={overLimit && 'line' in overLimit ? overLimit.line : null}
            onQuantity={(key, q) => update((c) => setQuantity(c, key, q))}
            onRemove={(key) => {
              update((c) => removeLine(c, key));
              focusSearch();
            }}
            onDiscount={(key, d) => update((c) => setLineDiscount(c, key, d))}
          />
        </div>
        <CartSummary
          cart={cart}
          priced={priced}
          currency={currency}
          discountLimit={discountLimit}
          overLimit={overLimit}
          onOrderDiscount={(d) => update((c) => setOrderDiscount(c, d))}
          onCustomer={(patch) => update((c) => ({ ...c, ...patch }))}
          onPay={() => setPaying(true)}
          onPark={() => {
            park();
            focusSearch();
          }}
          onClear={() => setDialog('clear')}
        />
      </div>
      <PaymentDialog
        open={paying}
        onOpenChange={setPaying}
        total={priced.total}
        tenders={register.tenders}
        currency={currency}
        onComplete={complete}
      />
      <ConfirmDialog
        open={dialog === 'clear'}
        onOpenChange={(o) => setDialog(o ? 'clear' : null)}
        title={t('posRegister.clear.title')}
        message={t('posRegister.clear.message')}
        confirmLabel={t('posRegister.clear.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          startNew();
          setDialog(null);
          focusSearch();
        }}
      />
      {dialogs}
    </div>
  );
}
