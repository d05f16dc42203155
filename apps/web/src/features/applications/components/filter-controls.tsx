import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** The look of a list's filter controls (smaller than a form's fields). */
export const filterControl = 'h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** A list's search box: a magnifier in front, the label for screen readers only. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('relative w-full sm:w-64', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        id={id}
        type="search"
        className={`${filterControl} w-full ps-8`}
        placeholder={placeholder}
        value={value}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** One filter with its small label above it; the control gets the id. */
export function FilterField({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
