import type { ReactNode } from 'react';

/** A titled card of an overview page (the dashboard, Today); `testId` names it for the e2e smoke. */
export function SectionCard({ icon, title, testId, children }: { icon: ReactNode; title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border bg-card p-4" data-testid={testId}>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
