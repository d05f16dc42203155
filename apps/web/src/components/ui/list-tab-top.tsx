import { Plus } from 'lucide-react';
import { Button } from './button';
import { ListState } from './list-state';
import { useT } from '../../app/i18n/i18n-provider';

interface ListQuery {
  isPending: boolean;
  error: unknown;
  data?: readonly unknown[];
  refetch: () => unknown;
}

/** The top of every master-data list: its intro, the add button and the loading, error and empty states. */
export function ListTabTop({
  intro,
  addLabel,
  onAdd,
  addTestId,
  query,
  loadFailed,
  empty,
}: {
  intro: string;
  addLabel: string;
  onAdd: () => void;
  addTestId?: string;
  query: ListQuery;
  loadFailed: string;
  empty: string;
}) {
  const t = useT();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{intro}</p>
        <Button onClick={onAdd} data-testid={addTestId}>
          <Plus className="size-4" aria-hidden />
          {addLabel}
        </Button>
      </div>
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={!!query.data && query.data.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={loadFailed}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void query.refetch()}
        emptyContent={empty}
      />
    </>
  );
}
