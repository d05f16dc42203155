import { useId, type ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

/** A checkbox with its sentence as the label, and the problem under it. */
export function ConsentCheck({
  name,
  label,
  checked,
  onChange,
  error,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0"
          checked={checked}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <span id={`${id}-error`} className="ms-6 text-xs font-medium text-destructive">
          {error}
        </span>
      )}
    </div>
  );
}

/** A group of choices: its legend, a hint, the choices, and the problem under them (tied in by aria-describedby). */
export function ChoiceFieldset({
  legend,
  legendClassName,
  hint,
  hintClassName,
  error,
  className,
  children,
}: {
  legend: string;
  legendClassName: string;
  hint?: string;
  hintClassName?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <span id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** One choice of several as a radio group with a legend (stall size, power). */
export function ChoiceGroup({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string; hint?: string }[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <ChoiceFieldset legend={legend} legendClassName="mb-1 font-medium" error={error} className="text-sm">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="mt-0.5 size-4 shrink-0"
            />
            <span className="flex flex-col">
              <span className="font-medium">{o.label}</span>
              {o.hint && <span className="text-xs text-muted-foreground">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/** The list with one id added (`on`) or taken out, each id at most once. */
export const toggled = (list: string[], id: string, on: boolean) =>
  on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);
