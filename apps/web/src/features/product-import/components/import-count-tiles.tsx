import { IMPORT_OUTCOMES, type ImportOutcome, type ImportPhase } from '@market/contracts/plain';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { num } from '../import-format';
import type { ImportCounts } from '../product-import-api';

const LOOK: Record<ImportOutcome, string> = {
  create: 'text-emerald-700',
  update: 'text-sky-700',
  unchanged: 'text-muted-foreground',
  error: 'text-destructive',
  skipped: 'text-amber-800',
};

/** The totals of a dry run or run: rows, then each outcome; an outcome's tile shows its rows below when picked. */
export function ImportCountTiles({
  counts,
  phase,
  picked,
  onPick,
}: {
  counts: ImportCounts;
  phase: ImportPhase;
  picked?: ImportOutcome | null;
  onPick?: (outcome: ImportOutcome | null) => void;
}) {
  const { t, language } = useI18n();
  const tile = 'flex flex-col items-start gap-0.5 rounded-lg border bg-card p-3 text-start';
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label={t(`productImport.totals.${phase}`)}>
      <li className={tile} data-testid="import-total-rows">
        <span className="text-xs text-muted-foreground">{t('productImport.totals.rows')}</span>
        <span className="text-2xl font-semibold tabular-nums">{num(counts.rows, language)}</span>
      </li>
      {IMPORT_OUTCOMES.map((o) => {
        const body = (
          <>
            <span className="text-xs text-muted-foreground">{t(`productImport.totals.${o}.${phase}`)}</span>
            <span className={cn('text-2xl font-semibold tabular-nums', counts[o] > 0 && LOOK[o])}>{num(counts[o], language)}</span>
          </>
        );
        return (
          <li key={o} data-testid={`import-total-${o}`} className={onPick ? 'flex' : tile}>
            {onPick ? (
              <button
                type="button"
                className={cn(tile, 'w-full hover:bg-accent', picked === o && 'border-primary ring-1 ring-primary')}
                aria-pressed={picked === o}
                onClick={() => onPick(picked === o ? null : o)}
              >
                {body}
              </button>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}
