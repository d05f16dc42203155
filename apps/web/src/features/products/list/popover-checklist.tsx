import { Popover } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A button opening a list of checkboxes (status filter, column chooser). */
export function PopoverChecklist<T extends string>({
  label,
  icon,
  options,
  value,
  onChange,
  title,
}: {
  label: string;
  icon?: ReactNode;
  title: string;
  options: { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  // The value may live in the URL, which updates after the click: tick at once and follow the value when it arrives.
  const [ticked, setTicked] = useState<readonly T[]>(value);
  useEffect(() => setTicked(value), [value]);
  const toggle = (v: T, on: boolean) => {
    const next = on ? [...ticked.filter((x) => x !== v), v] : ticked.filter((x) => x !== v);
    setTicked(next);
    onChange(next);
  };
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          {icon}
          {label}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={6} className="z-50 min-w-48 rounded-md border bg-card p-2 shadow-md">
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 px-1 text-xs font-medium text-muted-foreground">{title}</legend>
            {options.map((o) => (
              <label key={o.value} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-accent">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={ticked.includes(o.value)}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
