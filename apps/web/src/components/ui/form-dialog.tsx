import { Dialog } from 'radix-ui';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export const fieldClass =
  'h-9 w-full rounded-md border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

/** A labelled control with its error under it; the control gets the id, aria-invalid and aria-describedby. */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1 text-sm', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint && !error && (
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A text input with its label and error: `FormField` plus an `<input>` with the field look. Other input
 * attributes (dir, lang, maxLength, type, placeholder, ...) pass through.
 */
export function TextField({
  label,
  error,
  hint,
  className,
  value,
  onValueChange,
  ...input
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'id'>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(p) => <input {...input} {...p} className={fieldClass} value={value} onChange={(e) => onValueChange(e.target.value)} />}
    </FormField>
  );
}

/** The usual dialog footer: cancel, and a submit button for the form with the given id. */
export function SubmitFooter({
  formId,
  pending,
  cancelLabel,
  onCancel,
  children,
}: {
  formId: string;
  pending: boolean;
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {children}
      </Button>
    </>
  );
}

/** A modal with a title, a scrolling body and a footer; sized for a phone as well. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className={cn(
            'fixed start-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] -translate-y-1/2 flex-col rounded-lg border bg-card shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2',
            wide ? 'w-[min(44rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]',
          )}
        >
          <div className="border-b p-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className={description ? 'mt-1 text-sm text-muted-foreground' : 'sr-only'}>
              {description ?? title}
            </Dialog.Description>
          </div>
          <div className="flex-1 overflow-y-auto p-4">{children}</div>
          <div className="flex flex-wrap justify-end gap-2 border-t p-4">{footer}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The usual create/edit dialog: a `FormDialog` whose body is one form (two columns from `sm` up unless
 * `formClassName` says otherwise) and whose footer is cancel plus submit. Submitting never reloads the
 * page; `onSubmit` runs the caller's checks and mutation.
 */
export function FormDialogForm({
  open,
  onOpenChange,
  title,
  description,
  wide,
  pending,
  submitLabel,
  cancelLabel,
  onSubmit,
  formClassName = 'grid gap-3 sm:grid-cols-2',
  formId,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  pending: boolean;
  /** What the submit button says; usually "Saving…" while pending. */
  submitLabel: ReactNode;
  cancelLabel: string;
  onSubmit: () => void;
  formClassName?: string;
  /** The form's id, where a test or another control names it; a generated one otherwise. */
  formId?: string;
  /** The form's `data-testid`, where an e2e spec selects it. */
  testId?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = formId ?? generatedId;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      wide={wide}
      footer={
        <SubmitFooter formId={id} pending={pending} cancelLabel={cancelLabel} onCancel={() => onOpenChange(false)}>
          {submitLabel}
        </SubmitFooter>
      }
    >
      <form
        id={id}
        data-testid={testId}
        noValidate
        className={formClassName}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </FormDialog>
  );
}

/** Asks before something that cannot be undone; shows the server's refusal in place. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm">{message}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
