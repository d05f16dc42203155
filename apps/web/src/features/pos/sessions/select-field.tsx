import { FormField, fieldClass } from '../../../components/ui/form-dialog';

/** A labelled select of a form dialog, its error under it. */
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
  options: readonly { value: V; label: string; disabled?: boolean }[];
  error?: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <FormField label={label} error={error} className={className}>
      {(p) => (
        <select {...p} className={fieldClass} value={value} disabled={disabled} onChange={(e) => onValueChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
