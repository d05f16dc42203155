import type { ImportOutcome, ImportState } from '@market/contracts/plain';
import { useT } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { stateKey } from '../import-format';

const STATE_LOOK: Record<ImportState | 'stalled', string> = {
  draft: 'bg-muted text-muted-foreground',
  validating: 'bg-sky-100 text-sky-800',
  validated: 'bg-indigo-100 text-indigo-800',
  queued: 'bg-sky-100 text-sky-800',
  running: 'bg-sky-100 text-sky-800',
  stalled: 'bg-amber-100 text-amber-900',
  completed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
  cancelled: 'bg-muted text-muted-foreground',
};

const OUTCOME_LOOK: Record<ImportOutcome, string> = {
  create: 'bg-emerald-100 text-emerald-800',
  update: 'bg-sky-100 text-sky-800',
  unchanged: 'bg-muted text-muted-foreground',
  error: 'bg-rose-100 text-rose-800',
  skipped: 'bg-amber-100 text-amber-900',
};

const pill = 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** The state of an import; a running import whose worker stopped reporting reads "Stalled". */
export function ImportStateBadge({ state, stalled }: { state: ImportState; stalled: boolean }) {
  const t = useT();
  const key = stateKey(state, stalled);
  return (
    <span className={cn(pill, STATE_LOOK[key])} data-state={key}>
      {t(`productImport.state.${key}`)}
    </span>
  );
}

export function OutcomeBadge({ outcome }: { outcome: ImportOutcome }) {
  const t = useT();
  return <span className={cn(pill, OUTCOME_LOOK[outcome])}>{t(`productImport.outcome.${outcome}`)}</span>;
}
