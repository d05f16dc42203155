import { Check } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { StepId } from '../apply-model';

/** "Step n of N" with every step's name; steps already passed can be opened again. */
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
          const body = (
            <>
              <span className={cn('h-1.5 w-full rounded-full', state === 'todo' ? 'bg-muted' : 'bg-primary')} aria-hidden />
              <span className="hidden items-center gap-1 truncate text-xs sm:flex">
                {state === 'done' && <Check className="size-3 shrink-0" aria-hidden />}
                <span className="truncate">{t(`apply.step.${s}`)}</span>
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
                  className="flex w-full flex-col items-start gap-1 rounded text-start focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {body}
                </button>
              ) : (
                <span className="flex flex-col gap-1">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
