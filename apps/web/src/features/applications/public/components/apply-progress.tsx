import { Check } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { StepId } from '../apply-model';

/** "Step n of N" with every step's name (from the sm breakpoint); steps already passed can be opened again. */
export function ApplyProgress({ steps, current, onGo }: { steps: StepId[]; current: number; onGo: (i: number) => void }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('apply.progress.label')} className="flex flex-col gap-2">
      <p className="text-sm font-medium" aria-live="polite">
        {t('apply.progress.stepOf', { n: current + 1, total: steps.length, name: t(`apply.step.${steps[current]}`) })}
      </p>
      <ol className="grid gap-1" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((s, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          // Labels wrap within their own column (never truncated past it, never into the next step); phones show
          // the bars only, and the current step's name in the line above.
          const body = (
            <>
              <span className={cn('h-1.5 w-full rounded-full', state === 'todo' ? 'bg-muted' : 'bg-primary')} aria-hidden />
              <span className="hidden min-w-0 text-xs leading-snug [overflow-wrap:anywhere] sm:block" data-step-label>
                {state === 'done' && <Check className="me-1 inline size-3 align-[-0.125em]" aria-hidden />}
                {t(`apply.step.${s}`)}
              </span>
              <span className="sr-only sm:hidden">{t(`apply.step.${s}`)}</span>
            </>
          );
          return (
            <li
              key={s}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn('min-w-0', state === 'current' ? 'font-semibold' : 'text-muted-foreground')}
            >
              {state === 'done' ? (
                <button
                  type="button"
                  onClick={() => onGo(i)}
                  className="flex w-full min-w-0 flex-col gap-1 rounded text-start focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {body}
                </button>
              ) : (
                <span className="flex min-w-0 flex-col gap-1">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
