import type { ApplicationStream } from '@market/contracts/plain';
import { Settings2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useT } from '../../../app/i18n/i18n-provider';
import { PAGE_SIZE, useApplications } from '../applications-api';
import { useQueueParams } from '../use-queue-params';
import { ApplicationsTable } from './applications-table';
import { BulkBar, BulkFailures, type BulkFailure } from './bulk-bar';
import { Pager } from './pager';
import { QueueFilterBar, StatusChips } from './queue-toolbar';
import { SettingsDialog } from './settings-dialog';

/** The review queue of one stream: status chips, filters, a page of applications, bulk actions and the settings. */
export function ApplicationsQueue({ stream }: { stream: ApplicationStream }) {
  const t = useT();
  const { filters, update, clear } = useQueueParams(stream);
  const list = useApplications(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failures, setFailures] = useState<BulkFailure[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const data = list.data;
  const filterKey = JSON.stringify(filters);
  // A different filter or page shows other rows: what was selected is no longer in view.
  useEffect(() => setSelected(new Set()), [filterKey]);

  // After a bulk action a later page can run out of rows: show the last page that has some.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && filters.page > 1)
      update({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, filters.page, update]);

  const items = data?.items ?? [];
  const filtered = !!(
    filters.status ||
    filters.q ||
    filters.categoryId ||
    filters.marketDayId ||
    filters.submittedFrom ||
    filters.submittedTo
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="applications-queue">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
        <StatusChips counts={data?.counts} value={filters.status} onChange={(s) => update({ status: s })} />
        <Button
          variant="outline"
          className="shrink-0 self-start sm:self-auto"
          onClick={() => setSettingsOpen(true)}
          data-testid="applications-settings"
        >
          <Settings2 className="size-4" aria-hidden />
          {t('review.settings.button')}
        </Button>
      </div>
      <QueueFilterBar filters={filters} onChange={update} onClear={clear} showCategories={stream !== 'workshop'} />
      <BulkFailures failures={failures} onDismiss={() => setFailures([])} />
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={!!data && data.total === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('review.queue.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={filtered ? t('review.queue.emptyFiltered') : t(`review.queue.empty.${stream}`)}
      />
      {data && data.total > 0 && (
        <div className={list.isPlaceholderData ? 'opacity-70 transition-opacity' : undefined} aria-busy={list.isFetching}>
          <ApplicationsTable items={items} selected={selected} onSelect={setSelected} showCategories={stream !== 'workshop'} />
        </div>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pager
          page={filters.page}
          data={data}
          label={t('review.queue.paging')}
          summary={(range) => t('review.queue.pageSummary', range)}
          previous={t('review.queue.previous')}
          next={t('review.queue.next')}
          onPage={(page) => update({ page })}
        />
      )}
      <BulkBar
        selected={[...selected]}
        items={items}
        onDone={(f) => {
          setFailures(f);
          // Failed ones stay selected, so they can be looked at or tried again with another action.
          setSelected(new Set(f.map((x) => x.id)));
        }}
      />
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  );
}
