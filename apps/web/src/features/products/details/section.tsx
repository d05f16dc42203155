import type { ReactNode } from 'react';

export const SECTIONS = ['general', 'pricing', 'attributes', 'media', 'variants', 'completeness', 'history'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** One titled card of the details page; its id is the target of the section nav. */
export function DetailsSection({
  id,
  title,
  actions,
  children,
}: {
  id: SectionId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={`section-${id}`}
      aria-labelledby={`section-${id}-title`}
      className="flex min-w-0 scroll-mt-40 flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid={`section-${id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`section-${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Scrolls to a field (by its anchor id) and focuses its first control. */
export function focusField(anchor: string) {
  const el = document.getElementById(anchor);
  if (!el) return;
  el.scrollIntoView({ behavior: 'smooth', block: 'center' });
  el.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
}
