import { FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { useT } from '../../../app/i18n/i18n-provider';
import { LocationSelect } from './location-select';

/** The fields a market day and a weekly series share. */

type Hours = { setupTime: string; openTime: string; closeTime: string };

/** Set-up, opening and closing time, each with its error. */
export function HoursFields({
  value,
  onChange,
  error,
}: {
  value: Hours;
  onChange: (patch: Partial<Hours>) => void;
  error: (field: keyof Hours) => string | undefined;
}) {
  const t = useT();
  return (['setupTime', 'openTime', 'closeTime'] as const).map((k) => (
    <TextField
      key={k}
      type="time"
      label={t(`marketDays.field.${k}`)}
      error={error(k)}
      value={value[k]}
      onValueChange={(v) => onChange({ [k]: v })}
    />
  ));
}

/** The location to plan at, over both columns. */
export function LocationField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const t = useT();
  return (
    <FormField label={t('marketDays.field.location')} error={error} className="sm:col-span-2">
      {(p) => <LocationSelect {...p} value={value} onChange={onChange} />}
    </FormField>
  );
}

/** Free notes, over both columns; `height` sets the text box's height class. */
export function NotesField({
  value,
  onChange,
  error,
  height,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  height: 'h-16' | 'h-20';
}) {
  const t = useT();
  return (
    <FormField label={t('marketDays.field.notes')} error={error} className="sm:col-span-2">
      {(p) => (
        <textarea
          {...p}
          className={`${fieldClass} ${height} py-2`}
          maxLength={2000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** A refusal that names no field, under the form. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive sm:col-span-2">
      {message}
    </p>
  ) : null;
}
