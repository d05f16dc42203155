import { useT } from '../../app/i18n/i18n-provider';

// Keys stay left-to-right in an Arabic sentence; each gets its own line so the two never mix.
const KEYS: [keys: string[], what: string][] = [
  [['Tab', 'Shift+Tab'], 'plan.key.focus'],
  [['←', '↑', '→', '↓'], 'plan.key.move'],
  [['Shift+←↑→↓'], 'plan.key.moveFine'],
  [['R', 'Shift+R'], 'plan.key.rotate'],
  [['+', '−'], 'plan.key.resize'],
  [['Ctrl+Z'], 'plan.key.undo'],
  [['Esc'], 'plan.key.escape'],
];

/** The editor's keys, for people who do not use a pointer. */
export function PlanKeyboardHelp() {
  const t = useT();
  return (
    <details open className="text-xs text-muted-foreground">
      <summary className="cursor-pointer select-none font-medium">{t('plan.keyboard')}</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {KEYS.map(([keys, what]) => (
          <li key={what} className="flex flex-wrap items-center gap-1.5">
            {keys.map((k) => (
              <kbd key={k} dir="ltr" className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[0.7rem] text-foreground">
                {k}
              </kbd>
            ))}
            <span>{t(what)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
