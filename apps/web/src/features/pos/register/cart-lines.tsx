import { POS_LIMITS } from '@market/contracts/plain';
import { Minus, Percent, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney } from '../../payment-management';
import type { Cart, CartLine, Discount, PricedLine } from './cart';
import { DiscountField } from './discount-field';
import { nameIn, percentInput, percentText } from './register-format';

/** The quantity as typed, set when it is a whole number from 1 (on Enter or leaving the field). */
function QuantityInput({ line, label, onQuantity }: { line: CartLine; label: string; onQuantity: (q: number) => void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const n = Number(text.trim());
    if (Number.isInteger(n) && n >= 1) onQuantity(Math.min(n, POS_LIMITS.quantity));
    setText(null);
  };
  return (
    <input
      aria-label={label}
      inputMode="numeric"
      dir="ltr"
      className="h-10 w-16 rounded-md border bg-background text-center tabular-nums"
      value={text ?? String(line.quantity)}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

export function CartLines({
  cart,
  priced,
  currency,
  allowNegativeStock,
  discountLimit,
  overLine,
  onQuantity,
  onRemove,
  onDiscount,
}: {
  cart: Cart;
  priced: PricedLine[];
  currency: string | null;
  allowNegativeStock: boolean;
  /** The cashier's discount limit in basis points (null: none), told by the discount field. */
  discountLimit: number | null;
  /** The line whose own discount is over the limit, marked until it is lowered. */
  overLine: number | null;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onDiscount: (key: string, discount: Discount | undefined) => void;
}) {
  const { t, language } = useI18n();
  const [editing, setEditing] = useState<string | null>(null);
  const money = (n: number) => formatMoney(n, currency, language);
  const limit = discountLimit === null ? null : percentText(discountLimit, language);

  if (!cart.lines.length)
    return (
      <div className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{t('posRegister.cart.empty')}</div>
    );

  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label={t('posRegister.cart.label')}>
      {cart.lines.map((line, i) => {
        const name = nameIn(language, line.item);
        const p = priced[i]!;
        const short = line.item.tracksStock && !allowNegativeStock && line.quantity > (line.item.stock ?? 0);
        return (
          <li key={line.key} className="flex flex-col gap-2 p-3" data-testid="cart-line">
            <div className="flex flex-wrap items-center gap-3">
              <div className="min-w-40 flex-1">
                <div className="font-medium">{name}</div>
                <div className="text-xs text-muted-foreground">{[line.item.vendorName, line.item.sku].filter(Boolean).join(' · ')}</div>
                {short && (
                  <div className="text-xs text-amber-700 dark:text-amber-400">
                    {t('posRegister.cart.lowStock', { count: line.item.stock ?? 0 })}
                  </div>
                )}
              </div>
              <div className="flex items-center gap-1">
                <Button
                  variant="outline"
                  size="icon"
                  className="size-10"
                  aria-label={t('posRegister.cart.less', { name })}
                  disabled={line.quantity <= 1}
                  onClick={() => onQuantity(line.key, line.quantity - 1)}
                >
                  <Minus className="size-4" aria-hidden />
                </Button>
                <QuantityInput line={line} label={t('posRegister.cart.quantity', { name })} onQuantity={(q) => onQuantity(line.key, q)} />
                <Button
                  variant="outline"
                  size="icon"
                  className="size-10"
                  aria-label={t('posRegister.cart.more', { name })}
                  onClick={() => onQuantity(line.key, line.quantity + 1)}
                >
                  <Plus className="size-4" aria-hidden />
                </Button>
              </div>
              <div className="min-w-28 text-end tabular-nums">
                <div className="text-xs text-muted-foreground">{t('posRegister.cart.each', { price: money(line.unitPrice) })}</div>
                {p.discount > 0 && <div className="text-xs text-emerald-700 dark:text-emerald-400">−{money(p.discount)}</div>}
                <div className="font-semibold" data-testid="line-total">
                  {money(p.total)}
                </div>
              </div>
              <div className="flex items-center gap-1">
                <Button
                  variant={line.discount ? 'default' : 'ghost'}
                  size="icon"
                  className="size-10"
                  aria-label={t('posRegister.cart.discount', { name })}
                  aria-expanded={editing === line.key}
                  onClick={() => setEditing((k) => (k === line.key ? null : line.key))}
                >
                  <Percent className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-10"
                  aria-label={t('posRegister.cart.remove', { name })}
                  onClick={() => onRemove(line.key)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </div>
            {line.discount && editing !== line.key && (
              <div className="text-xs text-muted-foreground">
                {line.discount.kind === 'percentage'
                  ? t('posRegister.cart.discountPercent', { percent: percentInput(line.discount.value) })
                  : t('posRegister.cart.discountAmount', { amount: money(line.discount.value) })}
              </div>
            )}
            {overLine === i && limit && (
              <div className="text-xs font-medium text-destructive" data-testid="line-over-limit">
                {t('posRegister.discount.overLineShort', { percent: limit })}
              </div>
            )}
            {editing === line.key && (
              <DiscountField
                label={t('posRegister.cart.lineDiscount', { name })}
                value={line.discount}
                currency={currency}
                onChange={(d) => onDiscount(line.key, d)}
                onDone={() => setEditing(null)}
                hint={limit ? t('posRegister.discount.limit', { percent: limit }) : undefined}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
