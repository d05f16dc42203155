import { useId } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney } from '../../payment-management';
import { addItem, priceCart, removeLine, setLineDiscount, setOrderDiscount, setQuantity, type Cart } from '../register/cart';
import { CartLines } from '../register/cart-lines';
import { DiscountField } from '../register/discount-field';
import { ItemSearch } from '../register/item-search';
import { useCustomerOrderLookup } from './customer-orders-api';

/**
 * The order's items, as the register sells them: search the register's products (name, SKU or barcode), then
 * quantities, a discount per line, a discount on the order and the running total. `errors` are the server's words
 * about the lines, already named.
 */
export function CustomerOrderItems({
  registerId,
  allowNegativeStock,
  currency,
  cart,
  onCart,
  errors,
}: {
  registerId: string;
  allowNegativeStock: boolean;
  currency: string | null;
  cart: Cart;
  /** A change of the cart, applied to the cart as it is then (a scan's item may arrive after another one). */
  onCart: (change: (cart: Cart) => Cart) => void;
  errors: string[];
}) {
  const { t, language } = useI18n();
  const headingId = useId();
  const lookup = useCustomerOrderLookup(registerId);
  const priced = priceCart(cart);
  const money = (n: number) => formatMoney(n, currency, language);
  const totals: [string, number][] = [
    [t('customerOrders.total.subtotal'), priced.subtotal],
    [t('customerOrders.total.discount'), priced.discount],
    [t('customerOrders.total.tax'), priced.tax],
  ];

  return (
    <section className="flex flex-col gap-3 sm:col-span-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        {t('customerOrders.form.items')}
      </h3>
      <ItemSearch lookup={lookup} onAdd={(item) => onCart((c) => addItem(c, item))} currency={currency} />
      {cart.lines.length ? (
        <CartLines
          cart={cart}
          priced={priced.lines}
          currency={currency}
          allowNegativeStock={allowNegativeStock}
          discountLimit={null}
          overLine={null}
          onQuantity={(key, q) => onCart((c) => setQuantity(c, key, q))}
          onRemove={(key) => onCart((c) => removeLine(c, key))}
          onDiscount={(key, d) => onCart((c) => setLineDiscount(c, key, d))}
        />
      ) : (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{t('customerOrders.form.noItems')}</p>
      )}
      {errors.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-xs text-destructive" data-testid="line-errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <DiscountField
        label={t('customerOrders.form.orderDiscount')}
        value={cart.orderDiscount}
        currency={currency}
        onChange={(d) => onCart((c) => setOrderDiscount(c, d))}
      />
      <dl
        className="ms-auto grid w-full max-w-72 grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums"
        data-testid="order-form-totals"
      >
        {totals.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-end">{money(value)}</dd>
          </div>
        ))}
        <dt className="pt-1 font-semibold">{t('customerOrders.total.total')}</dt>
        <dd className="pt-1 text-end text-lg font-semibold" data-testid="order-form-total">
          {money(priced.total)}
        </dd>
      </dl>
    </section>
  );
}
