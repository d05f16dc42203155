import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { usePreview, useSaveChannel, type Channel, type PreviewItem, type PreviewShow } from './catalog-publishing-api';
import { ScheduleDialog } from './schedule-dialog';

/** What the channel would show if published now: each product in or out with the reasons; the manual lists are set per row. */
export function ChannelPreview({ channel }: { channel: Channel }) {
  const { t, language } = useI18n();
  const [show, setShow] = useState<PreviewShow>('all');
  const q = usePreview(channel.id, show);
  const save = useSaveChannel();
  const [scheduling, setScheduling] = useState<PreviewItem | null>(null);
  const when = (iso: string | null) =>
    iso ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '…';
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = q.data?.pages[0]?.totals;

  const setManual = (p: PreviewItem, to: 'include' | 'exclude' | 'clear') => {
    const includeIds = channel.includeIds.filter((id) => id !== p.id);
    const excludeIds = channel.excludeIds.filter((id) => id !== p.id);
    if (to === 'include') includeIds.push(p.id);
    if (to === 'exclude') excludeIds.push(p.id);
    save.mutate(
      { id: channel.id, body: { includeIds, excludeIds }, expectedUpdatedAt: channel.updatedAt },
      { onError: (e) => toast.error(errorMessage(t, e)) },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('catalogPublishing.preview.showLabel')}</span>
          <select className={fieldClass} value={show} onChange={(e) => setShow(e.target.value as PreviewShow)}>
            {(['all', 'in', 'out'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`catalogPublishing.preview.show.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {totals && (
          <p className="text-sm text-muted-foreground" role="status">
            {t('catalogPublishing.preview.totals', {
              included: formatNumber(totals.included, language),
              excluded: formatNumber(totals.excluded, language),
            })}
          </p>
        )}
      </div>
      <ListState
        loading={q.isPending}
        error={q.error}
        empty={q.isSuccess && items.length === 0}
        loadingLabel={t('catalogPublishing.preview.loading')}
        errorLabel={t('catalogPublishing.preview.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={t('catalogPublishing.preview.empty')}
      />
      {items.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-start text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.preview.col.product')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.preview.col.state')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.preview.col.why')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.preview.col.completeness')}
                </th>
                <th scope="col" className="p-2" />
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id} className="border-t">
                  <th scope="row" className="p-2 text-start font-normal">
                    <div className="font-medium">{language === 'ar' && p.nameAr ? p.nameAr : p.nameEn}</div>
                    <bdi className="text-xs text-muted-foreground">{p.sku}</bdi>
                  </th>
                  <td className="p-2">
                    <span className={p.included ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground'}>
                      {p.included ? t('catalogPublishing.preview.in') : t('catalogPublishing.preview.out')}
                    </span>
                  </td>
                  <td className="p-2">
                    {p.reasons.map((r) => t(`catalogPublishing.reason.${r}`)).join(' · ')}
                    {channel.schedules
                      .filter((s) => s.productId === p.id)
                      .map((s) => (
                        <div key={s.productId} className="text-xs text-muted-foreground">
                          {t('catalogPublishing.schedule.range', { from: when(s.publishAt), until: when(s.unpublishAt) })}
                        </div>
                      ))}
                  </td>
                  <td className="p-2 text-xs">
                    {Object.entries(p.completeness)
                      .map(([l, s]) => `${t(`catalogPublishing.locale.${l}`)} ${formatNumber(s, language)}%`)
                      .join(' · ')}
                  </td>
                  <td className="p-2">
                    <div className="flex flex-wrap justify-end gap-1">
                      {!channel.includeIds.includes(p.id) && (
                        <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => setManual(p, 'include')}>
                          {t('catalogPublishing.preview.include')}
                        </Button>
                      )}
                      {!channel.excludeIds.includes(p.id) && (
                        <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => setManual(p, 'exclude')}>
                          {t('catalogPublishing.preview.exclude')}
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" onClick={() => setScheduling(p)}>
                        {t('catalogPublishing.schedule.button')}
                      </Button>
                      {(channel.includeIds.includes(p.id) || channel.excludeIds.includes(p.id)) && (
                        <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => setManual(p, 'clear')}>
                          {t('catalogPublishing.preview.clear')}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ScheduleDialog channel={channel} product={scheduling} onClose={() => setScheduling(null)} />
      {q.hasNextPage && (
        <Button variant="outline" className="self-center" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('catalogPublishing.preview.loadMore')}
        </Button>
      )}
    </div>
  );
}
