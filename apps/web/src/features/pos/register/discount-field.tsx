import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { minorDigits, toMajorInput, toMinor } from '../../payment-management';
import type { Discount } from './cart';
import { percentInput } from './register-format';

const textOf = (d: Discount | undefined, digits: number) =>
  !d ? '' : d.kind === 'percentage' ? percentInput(d.value) : toMajorInput(d.value, digits);

/**
 * A discount typed as a percentage (sent in basis points, at most 100%) or an amount in the currency. Enter or
 * Apply sets it; an empty value or Remove takes it off. `hint` (the cashier's limit, say) shows under it.
 */
export function DiscountField({
  label,
  value,
  currency,
  onChange,
  onDone,
  hint,
}: {
  label: string;
  value: Discount | undefined;
  currency: string | null;
  onChange: (d: Discount | undefined) => void;
  onDone?: () => void;
  hint?: string | undefined;
}) {
  const { t } = useI18n();
  const id = useId();
  const digits = minorDigits(currency);
  const [kind, setKind] = useState<Discount['kind']>(value?.kind ?? 'percentage');
  const [text, setText] = useState(() => textOf(value, digits));
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    if (!text.trim()) {
      setError(null);
      onChange(undefined);
      return onDone?.();
    }
    const n = toMinor(text, kind === 'percentage' ? 2 : digits);
    if (n === null || (kind === 'percentage' && n > 10_000)) {
      setError(t(kind === 'percentage' ? 'posRegister.discount.percentInvalid' : 'posRegister.discount.amountInvalid'));
      return;
    }
    setError(null);
    onChange(n > 0 ? { kind, value: n } : undefined);
    onDone?.();
  };

  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1 font-medium">{label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <div role="radiogroup" aria-label={t('posRegister.discount.kind')} className="inline-flex rounded-md border p-0.5">
          {(['percentage', 'amount'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={kind === k}
              className={cn('h-8 rounded px-3', kind === k ? 'bg-primary text-primary-foreground' : 'hover:bg-accent')}
              onClick={() => setKind(k)}
            >
              {k === 'percentage' ? '%' : (currency ?? t('posRegister.discount.amount'))}
            </button>
          ))}
        </div>
        <input
          id={`${id}-value`}
          aria-label={t(kind === 'percentage' ? 'posRegister.discount.percentValue' : 'posRegister.discount.amountValue', { name: label })}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          className={cn(fieldClass, 'w-28')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <Button size="sm" variant="outline" onClick={apply}>
          {t('posRegister.discount.apply')}
        </Button>
        {value && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setText('');
              onChange(undefined);
              onDone?.();
            }}
          >
            {t('posRegister.discount.remove')}
          </Button>
        )}
      </div>
      {error ? (
        <span id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        )
      )}
    </fieldset>
  );
}
