import { PauseCircle, Trash2, Wallet } from 'lucide-react';
import { POS_LIMITS } from '@market/contracts/plain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney } from '../../payment-management';
import { looksLikeEmail, type Cart, type cartOverLimit, type Discount, type PricedCart } from './cart';
import { DiscountField } from './discount-field';
import { nameIn, percentInput, percentText } from './register-format';

/**
 * The totals as the server will record them, the order discount, the customer, and the way to pay or park. A sale
 * whose discounts go past the cashier's limit says so and cannot be paid (the server would refuse it).
 */
export function CartSummary({
  cart,
  priced,
  currency,
  discountLimit,
  overLimit,
  onOrderDiscount,
  onCustomer,
  onPay,
  onPark,
  onClear,
}: {
  cart: Cart;
  priced: PricedCart;
  currency: string | null;
  /** The cashier's discount limit in basis points; null: none. */
  discountLimit: number | null;
  overLimit: ReturnType<typeof cartOverLimit>;
  onOrderDiscount: (d: Discount | undefined) => void;
  onCustomer: (patch: Partial<Pick<Cart, 'customerName' | 'customerEmail'>>) => void;
  onPay: () => void;
  onPark: () => void;
  onClear: () => void;
}) {
  const { t, language } = useI18n();
  const [discountOpen, setDiscountOpen] = useState(false);
  const money = (n: number) => formatMoney(n, currency, language);
  const empty = cart.lines.length === 0;
  const count = cart.lines.reduce((a, l) => a + l.quantity, 0);
  const emailBad = !!cart.customerEmail.trim() && !looksLikeEmail(cart.customerEmail);
  const d = cart.orderDiscount;
  const limit = discountLimit === null ? null : percentText(discountLimit, language);
  const overLine = overLimit && 'line' in overLimit ? cart.lines[overLimit.line] : undefined;
  const overText =
    !overLimit || !limit
      ? null
      : overLine
        ? t('posRegister.discount.overLine', { percent: limit, name: nameIn(language, overLine.item) })
        : t('posRegister.discount.overOrder', { percent: limit });

  return (
    <aside
      className="flex flex-col gap-4 self-start rounded-lg border bg-card p-4 lg:sticky lg:top-4"
      aria-label={t('posRegister.summary.label')}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums" data-testid="cart-totals">
        <dt className="text-muted-foreground">{t('posRegister.summary.items', { count })}</dt>
        <dd />
        <dt>{t('posRegister.summary.subtotal')}</dt>
        <dd className="text-end">{money(priced.subtotal)}</dd>
        {priced.discount > 0 && (
          <>
            <dt>{t('posRegister.summary.discount')}</dt>
            <dd className="text-end">−{money(priced.discount)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('posRegister.summary.tax')}</dt>
        <dd className="text-end text-muted-foreground">{money(priced.tax)}</dd>
        <dt className="pt-2 text-lg font-semibold">{t('posRegister.summary.total')}</dt>
        <dd className="pt-2 text-end text-2xl font-bold" data-testid="cart-total">
          {money(priced.total)}
        </dd>
      </dl>

      {discountOpen ? (
        <DiscountField
          label={t('posRegister.summary.orderDiscount')}
          value={d}
          currency={currency}
          onChange={onOrderDiscount}
          onDone={() => setDiscountOpen(false)}
          hint={limit ? t('posRegister.discount.limit', { percent: limit }) : undefined}
        />
      ) : (
        <Button variant="outline" disabled={empty} onClick={() => setDiscountOpen(true)}>
          {d
            ? d.kind === 'percentage'
              ? t('posRegister.summary.orderDiscountPercent', { percent: percentInput(d.value) })
              : t('posRegister.summary.orderDiscountAmount', { amount: money(d.value) })
            : t('posRegister.summary.addOrderDiscount')}
        </Button>
      )}

      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          {cart.customerName.trim() || cart.customerEmail.trim()
            ? t('posRegister.customer.named', { name: cart.customerName.trim() || cart.customerEmail.trim() })
            : t('posRegister.customer.title')}
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <TextField
            label={t('posRegister.customer.name')}
            maxLength={POS_LIMITS.customer}
            autoComplete="off"
            value={cart.customerName}
            onValueChange={(customerName) => onCustomer({ customerName })}
          />
          <TextField
            label={t('posRegister.customer.email')}
            type="email"
            dir="ltr"
            maxLength={POS_LIMITS.customer}
            autoComplete="off"
            value={cart.customerEmail}
            error={emailBad ? t('posRegister.customer.emailInvalid') : undefined}
            onValueChange={(customerEmail) => onCustomer({ customerEmail })}
          />
        </div>
      </details>

      {overText && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive"
          data-testid="discount-over-limit"
        >
          {overText}
        </p>
      )}
      <Button
        className="h-14 text-lg"
        disabled={empty || priced.total <= 0 || emailBad || !!overLimit}
        onClick={onPay}
        aria-keyshortcuts="F9"
      >
        <Wallet className="size-5" aria-hidden />
        {t('posRegister.summary.pay', { amount: money(priced.total) })}
      </Button>
      {!empty && priced.total <= 0 && <p className="text-xs text-muted-foreground">{t('posRegister.summary.nothingToPay')}</p>}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" className="h-11" disabled={empty} onClick={onPark}>
          <PauseCircle className="size-4" aria-hidden />
          {t('posRegister.summary.park')}
        </Button>
        <Button variant="outline" className="h-11" disabled={empty} onClick={onClear}>
          <Trash2 className="size-4" aria-hidden />
          {t('posRegister.summary.clear')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('posRegister.summary.shortcuts')}</p>
    </aside>
  );
}
