import { useId, type ReactNode } from 'react';

/** One section of a page: a titled card. */
export function Section({
  title,
  actions,
  testId,
  children,
}: {
  title: string;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
