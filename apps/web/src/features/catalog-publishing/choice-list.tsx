/** A labelled group of checkboxes, scrolling when long (categories, brands, vendors, currencies, languages). */
export function ChoiceList({
  legend,
  hint,
  error,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  hint?: string;
  error?: string;
  items: { id: string; label: string }[];
  chosen: readonly string[];
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm" aria-invalid={!!error}>
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex max-h-36 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {items.map((i) => (
          <label key={i.id} className="flex items-center gap-1">
            <input type="checkbox" checked={chosen.includes(i.id)} onChange={() => onToggle(i.id)} />
            {i.label}
          </label>
        ))}
      </div>
      {hint && !error && <span className="text-xs text-muted-foreground">{hint}</span>}
      {error && <span className="text-xs text-destructive">{error}</span>}
    </fieldset>
  );
}
