import type { ApplicationForm, ApplicationStream } from '@market/contracts';
import { useId, type ReactNode } from 'react';
import { fieldClass } from '../../../../components/ui/form-dialog';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { FormValues, TextField } from '../apply-model';
import type { Problem, Problems } from '../apply-validate';

/** What every step gets: the answers, a setter, the problems to show, and what the form offers. */
export interface StepProps {
  stream: ApplicationStream;
  form: ApplicationForm;
  values: FormValues;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  problems: Problems;
}

/** The words of a problem: ours are translated; the server's are English fragments or sentences. */
export function useProblemText() {
  const { t, language } = useI18n();
  return (p?: Problem): string | undefined => {
    if (!p) return undefined;
    if ('key' in p) return t(p.key, p.vars);
    if (/^[a-z]/.test(p.server)) return t('apply.error.serverPart', { message: p.server });
    return language === 'en' ? p.server : t('apply.error.serverSentence', { message: p.server });
  };
}

type ControlProps = { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

/**
 * A labelled control. The label holds only the field's name (so it can be found by its label in
 * either language); "optional", the hint and the error sit beside it and are tied in by aria-describedby.
 */
export function Field({
  name,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: (p: ControlProps) => ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1 text-sm', className)}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {optional && <span className="text-xs text-muted-foreground">{t('apply.optional')}</span>}
      </div>
      {children({ id, name, 'aria-invalid': !!error, 'aria-describedby': describedBy, 'aria-required': optional ? undefined : true })}
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </span>
      )}
    </div>
  );
}

interface AnswerOpts {
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  dir?: 'ltr' | 'rtl';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength?: number;
  optional?: boolean;
  hint?: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  className?: string;
  /** The label when it is not `apply.field.<key>`. */
  label?: string;
  lang?: string;
}

/** One text answer bound to the step's values and problems. */
export function AnswerText({ k, s, ...o }: AnswerOpts & { k: TextField; s: StepProps }) {
  const { t } = useI18n();
  const problemText = useProblemText();
  return (
    <Field
      name={k}
      label={o.label ?? t(`apply.field.${k}`)}
      error={problemText(s.problems[k])}
      hint={o.hint}
      optional={o.optional}
      className={o.className}
    >
      {(p) =>
        o.rows ? (
          <textarea
            {...p}
            dir={o.dir ?? 'auto'}
            lang={o.lang}
            rows={o.rows}
            className={cn(fieldClass, 'h-auto py-2')}
            value={s.values[k]}
            maxLength={o.maxLength ?? 4000}
            onChange={(e) => s.set(k, e.target.value)}
          />
        ) : (
          <input
            {...p}
            type={o.type ?? 'text'}
            dir={o.dir}
            lang={o.lang}
            inputMode={o.inputMode}
            autoComplete={o.autoComplete ?? 'off'}
            className={fieldClass}
            value={s.values[k]}
            maxLength={o.maxLength ?? 200}
            onChange={(e) => s.set(k, e.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A titled group of fields, two columns from a tablet up. */
export function FieldGroup({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
