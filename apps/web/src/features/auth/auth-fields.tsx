import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { authErrorMessage } from './auth-errors';

export const inputClass = 'h-10 w-full rounded-md border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

export function Field({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} className={inputClass} {...props} />
    </div>
  );
}

export function PasswordField({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={shown ? 'text' : 'password'} className={`${inputClass} pe-10`} {...props} />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center text-muted-foreground"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}

export function FormNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
      {message}
    </p>
  );
}

export function LinkButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className="text-sm text-primary underline-offset-4 hover:underline">
      {children}
    </button>
  );
}

/** The auth client answers `{ data, error }` instead of throwing: the answer, or its error thrown. */
export async function ok<R extends { error: unknown }>(call: Promise<R>): Promise<Extract<R, { error: null }>> {
  const answer = await call;
  if (answer.error) throw answer.error;
  return answer as Extract<R, { error: null }>;
}

/** A form's own check failed: its words are shown as they are. */
class Refusal extends Error {}

/**
 * Runs a submit handler with busy and error state, and `done` for a form that then says what happens next.
 * `need` stops the handler with the words of a translation key when a value is missing.
 */
export function useSubmit() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const run = (fn: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err instanceof Refusal ? err.message : authErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };
  const need = (value: string, key: string) => {
    if (!value) throw new Refusal(t(key));
  };
  return { busy, error, done, setDone, run, need };
}
