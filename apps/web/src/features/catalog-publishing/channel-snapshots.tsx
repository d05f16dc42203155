import { FEED_FORMATS, type FeedFormat } from '@market/contracts/plain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { downloadSnapshot, useSnapshot, useSnapshots, type SnapshotDetail } from './catalog-publishing-api';

/** The channel's snapshots, newest first: counts, checksum, downloads, the diff of the chosen one, and republishing an earlier one. */
export function ChannelSnapshots({
  channelId,
  keepSnapshots,
  onRollback,
  pending,
}: {
  channelId: string;
  /** The channel's count of latest snapshots that keep their items. */
  keepSnapshots: number;
  onRollback: (n: number) => void;
  pending: boolean;
}) {
  const { t, language } = useI18n();
  const q = useSnapshots(channelId);
  const list = q.data ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const [rollbackOf, setRollbackOf] = useState<number | null>(null);
  const shown = picked ?? list[0]?.number ?? null;
  const detail = useSnapshot(channelId, shown);
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const download = (n: number, f: FeedFormat) => downloadSnapshot(channelId, n, f).catch((e: unknown) => toast.error(errorMessage(t, e)));

  return (
    <div className="flex flex-col gap-4">
      <ListState
        loading={q.isPending}
        error={q.error}
        empty={q.isSuccess && list.length === 0}
        loadingLabel={t('catalogPublishing.snapshots.loading')}
        errorLabel={t('catalogPublishing.snapshots.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={t('catalogPublishing.snapshots.empty')}
      />
      {list.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.snapshots.col.number')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.snapshots.col.items')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.snapshots.col.changes')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.snapshots.col.checksum')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('catalogPublishing.snapshots.col.date')}
                </th>
                <th scope="col" className="p-2" />
              </tr>
            </thead>
            <tbody>
              {list.map((s, i) => (
                <tr key={s.id} className={s.number === shown ? 'border-t bg-muted/40' : 'border-t'}>
                  <th scope="row" className="p-2 text-start font-medium">
                    <button type="button" className="underline-offset-4 hover:underline" onClick={() => setPicked(s.number)}>
                      {t('catalogPublishing.snapshots.showDiff', { number: formatNumber(s.number, language) })}
                    </button>
                    {s.rolledBackFrom !== null && (
                      <div className="text-xs text-muted-foreground">
                        {t('catalogPublishing.snapshots.rolledBack', { number: formatNumber(s.rolledBackFrom, language) })}
                      </div>
                    )}
                    {s.scheduled && <div className="text-xs text-muted-foreground">{t('catalogPublishing.snapshots.scheduled')}</div>}
                    {!s.itemsKept && <div className="text-xs text-muted-foreground">{t('catalogPublishing.snapshots.itemsGone')}</div>}
                  </th>
                  <td className="p-2">{formatNumber(s.itemCount, language)}</td>
                  <td className="p-2">
                    <bdi>
                      {t('catalogPublishing.snapshots.changes', {
                        added: formatNumber(s.added, language),
                        removed: formatNumber(s.removed, language),
                        changed: formatNumber(s.changed, language),
                      })}
                    </bdi>
                  </td>
                  <td className="p-2 font-mono text-xs" title={s.checksum}>
                    <bdi>{s.checksum.slice(0, 12)}</bdi>
                  </td>
                  <td className="p-2 text-xs">{when.format(new Date(s.createdAt))}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap justify-end gap-1">
                      {s.itemsKept &&
                        FEED_FORMATS.map((f) => (
                          <Button
                            key={f}
                            size="sm"
                            variant="ghost"
                            aria-label={`${t('catalogPublishing.snapshots.download', { format: t(`catalogPublishing.feed.format.${f}`) })} (${s.number})`}
                            onClick={() => void download(s.number, f)}
                          >
                            <Download className="size-3" aria-hidden />
                            {t(`catalogPublishing.feed.format.${f}`)}
                          </Button>
                        ))}
                      {i > 0 && s.itemsKept && (
                        <Button size="sm" variant="outline" disabled={pending} onClick={() => setRollbackOf(s.number)}>
                          {t('catalogPublishing.snapshots.rollback')}
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
      {list.some((s) => !s.itemsKept) && (
        <p className="text-xs text-muted-foreground">
          {t('catalogPublishing.snapshots.keptNote', { count: formatNumber(keepSnapshots, language) })}
        </p>
      )}
      {shown !== null && detail.data && <SnapshotDiff detail={detail.data} />}
      {shown !== null && detail.isPending && <p className="text-sm text-muted-foreground">{t('catalogPublishing.diff.loading')}</p>}
      <ConfirmDialog
        open={rollbackOf !== null}
        onOpenChange={(open) => !open && setRollbackOf(null)}
        title={t('catalogPublishing.snapshots.rollbackTitle', { number: formatNumber(rollbackOf ?? 0, language) })}
        message={t('catalogPublishing.snapshots.rollbackBody')}
        confirmLabel={t('catalogPublishing.snapshots.rollback')}
        cancelLabel={t('common.cancel')}
        pending={pending}
        onConfirm={() => {
          if (rollbackOf !== null) onRollback(rollbackOf);
          setRollbackOf(null);
        }}
      />
    </div>
  );
}

function SnapshotDiff({ detail }: { detail: SnapshotDetail }) {
  const { t, language } = useI18n();
  const { added, removed, changed } = detail.diff;
  const none = !detail.added && !detail.removed && !detail.changed;
  // The lists hold the first entries in SKU order; the counts are whole (the export has every item).
  const group = (key: 'added' | 'removed' | 'changed', rows: { id: string; sku: string; fields?: string[] }[]) =>
    detail[key] > 0 && (
      <section aria-label={t(`catalogPublishing.diff.${key}`, { count: formatNumber(detail[key], language) })}>
        <h4 className="text-sm font-medium">{t(`catalogPublishing.diff.${key}`, { count: formatNumber(detail[key], language) })}</h4>
        {/* Up to 1,000 entries: a scrolling area of its own, reachable by keyboard, so the page stays short. */}
        <ul className="flex max-h-64 flex-col gap-0.5 overflow-y-auto text-sm" tabIndex={0}>
          {rows.map((r) => (
            <li key={r.id}>
              <bdi className="font-mono text-xs">{r.sku}</bdi>
              {r.fields && (
                <span className="text-muted-foreground"> · {r.fields.map((f) => t(`catalogPublishing.field.${f}`)).join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
        {rows.length < detail[key] && (
          <p className="text-xs text-muted-foreground">
            {t(detail.itemsKept ? 'catalogPublishing.diff.more' : 'catalogPublishing.diff.moreGone', {
              shown: formatNumber(rows.length, language),
              count: formatNumber(detail[key] - rows.length, language),
            })}
          </p>
        )}
      </section>
    );
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3" data-testid="snapshot-diff">
      <h3 className="text-sm font-semibold">{t('catalogPublishing.diff.title', { number: formatNumber(detail.number, language) })}</h3>
      {none ? <p className="text-sm text-muted-foreground">{t('catalogPublishing.diff.none')}</p> : null}
      {group('added', added)}
      {group('removed', removed)}
      {group('changed', changed)}
    </div>
  );
}
