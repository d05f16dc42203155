import { Check } from 'lucide-react';
import { useT } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';

export const STEPS = ['map', 'dryRun', 'run'] as const;
export type ImportStep = (typeof STEPS)[number];

/** Map → Dry run → Import: where the import stands, and which step is shown; a step not reached yet cannot be opened. */
export function ImportStepper({
  current,
  shown,
  reachable,
  onShow,
}: {
  /** The step the import has reached. */
  current: ImportStep;
  shown: ImportStep;
  reachable: (step: ImportStep) => boolean;
  onShow: (step: ImportStep) => void;
}) {
  const t = useT();
  const reached = STEPS.indexOf(current);
  return (
    <nav aria-label={t('productImport.steps.label')}>
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {STEPS.map((step, i) => {
          const done = i < reached;
          return (
            <li key={step} className="flex items-center gap-2">
              {i > 0 && <span className="h-px w-6 bg-border" aria-hidden />}
              <button
                type="button"
                onClick={() => onShow(step)}
                disabled={!reachable(step)}
                aria-current={shown === step ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-full border px-3 py-1 disabled:opacity-50',
                  shown === step ? 'border-primary bg-primary/10 font-medium text-primary' : 'hover:bg-accent',
                )}
              >
                <span
                  className={cn(
                    'flex size-5 items-center justify-center rounded-full text-xs tabular-nums',
                    done ? 'bg-primary text-primary-foreground' : 'border',
                  )}
                  aria-hidden
                >
                  {done ? <Check className="size-3" /> : i + 1}
                </span>
                {t(`productImport.steps.${step}`)}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
