import type { ReactNode } from 'react';
import { FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { cn } from '../../../lib/cn';

/** An amount typed in the currency's major unit; digits read left to right in Arabic too. */
export function MoneyField({
  label,
  value,
  onValueChange,
  error,
  hint,
  currency,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  hint?: string;
  currency: string | null | undefined;
  className?: string;
}) {
  return (
    <TextField
      label={currency ? `${label} (${currency})` : label}
      value={value}
      onValueChange={onValueChange}
      error={error}
      hint={hint}
      className={className}
      inputMode="decimal"
      dir="ltr"
      autoComplete="off"
    />
  );
}

export function SelectField<V extends string>({
  label,
  value,
  onValueChange,
  options,
  error,
  className,
  disabled,
}: {
  label: string;
  value: V;
  onValueChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
  error?: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <FormField label={label} error={error} className={className}>
      {(p) => (
        <select {...p} className={fieldClass} value={value} disabled={disabled} onChange={(e) => onValueChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A required reason (waivers, refunds, cancellations): kept with the record and shown in its history. */
export function ReasonField({
  label,
  value,
  onValueChange,
  error,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  className?: string;
}) {
  return (
    <FormField label={label} error={error} className={cn('sm:col-span-2', className)}>
      {(p) => (
        <textarea
          {...p}
          className={cn(fieldClass, 'h-20 py-2')}
          dir="auto"
          maxLength={500}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** The failed request as one line under a form, for what no field shows. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive sm:col-span-2">
      {children}
    </p>
  );
}
