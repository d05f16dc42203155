import { Pencil, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { tabTriggerClass } from '../../components/ui/tabs';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { usePublish, usePublishProgress, type Channel } from './catalog-publishing-api';
import { ChannelCompletenessView } from './channel-completeness';
import { ChannelFeed } from './channel-feed';
import { ChannelPreview } from './channel-preview';
import { ChannelSnapshots } from './channel-snapshots';

const TABS = ['completeness', 'preview', 'snapshots', 'feed'] as const;
/** The server's question before a publish that removes more than the channel's share (409 naming `confirm`). */
export const asksConfirmation = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.status === 409 && e.fields.some((f) => f.field === 'confirm');

/**
 * Publishing (or republishing an earlier snapshot): sent once; when the server asks because of a large removal, its
 * message is shown and the same request goes again with confirm: true only if the user agrees.
 */
export function usePublishFlow(channelId: string) {
  const { t, language } = useI18n();
  const publish = usePublish(channelId);
  const [asking, setAsking] = useState<{ rollbackOf?: number; message: string } | null>(null);
  // A new snapshot is built item by item (a rollback is one copy in the database): its progress is read meanwhile.
  const building = publish.isPending && !publish.variables?.rollbackOf;
  const progress = usePublishProgress(channelId, building).data;
  // Counted once the server has evaluated the rules (its total is 0 before).
  const running = building && progress?.publishing && progress.total > 0 ? progress : null;
  const run = (rollbackOf?: number, confirm?: boolean) =>
    publish.mutate(
      { rollbackOf, confirm },
      {
        onSuccess: (s) => {
          setAsking(null);
          toast.success(
            t('catalogPublishing.publish.done', { number: formatNumber(s.number, language), count: formatNumber(s.itemCount, language) }),
          );
        },
        onError: (e) => {
          if (asksConfirmation(e)) setAsking({ rollbackOf, message: e.message });
          else toast.error(errorMessage(t, e));
        },
      },
    );
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && setAsking(null)}
      title={t('catalogPublishing.publish.confirmTitle')}
      message={asking?.message ?? ''}
      confirmLabel={t('catalogPublishing.publish.confirm')}
      cancelLabel={t('common.cancel')}
      pending={publish.isPending}
      onConfirm={() => run(asking?.rollbackOf, true)}
    />
  );
  return { run, pending: publish.isPending, progress: running, dialog };
}

export function ChannelDetail({ channel, onEdit }: { channel: Channel; onEdit: () => void }) {
  const { t, language } = useI18n();
  const [tab, setTab] = useState<(typeof TABS)[number]>('completeness');
  const flow = usePublishFlow(channel.id);
  const { progress } = flow;
  return (
    <article className="flex min-w-0 flex-col gap-3" aria-label={channel.name}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{channel.name}</h2>
          <p className="text-xs text-muted-foreground">
            {t(`catalogPublishing.kind.${channel.kind}`)} · {channel.locales.map((l) => t(`catalogPublishing.locale.${l}`)).join(', ')}
            {channel.currencies.length ? ` · ${channel.currencies.join(', ')}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
            {t('catalogPublishing.channels.edit')}
          </Button>
          <Button onClick={() => flow.run()} disabled={flow.pending}>
            <Send className="size-4" aria-hidden />
            {progress
              ? t('catalogPublishing.publish.progress', {
                  done: formatNumber(progress.done, language),
                  total: formatNumber(progress.total, language),
                })
              : flow.pending
                ? t('catalogPublishing.publish.publishing')
                : t('catalogPublishing.publish.button')}
          </Button>
        </div>
        {progress ? (
          <progress
            className="h-2 w-full accent-primary"
            max={progress.total}
            value={progress.done}
            aria-label={t('catalogPublishing.publish.progressLabel')}
          />
        ) : null}
      </header>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as typeof tab)} className="flex min-w-0 flex-col gap-3">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('catalogPublishing.tabList')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabTriggerClass}>
              {t(`catalogPublishing.tab.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="completeness" className="min-w-0 outline-none">
          <ChannelCompletenessView channelId={channel.id} />
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-w-0 outline-none">
          <ChannelPreview channel={channel} />
        </Tabs.Content>
        <Tabs.Content value="snapshots" className="min-w-0 outline-none">
          <ChannelSnapshots
            channelId={channel.id}
            keepSnapshots={channel.keepSnapshots}
            onRollback={(n) => flow.run(n)}
            pending={flow.pending}
          />
        </Tabs.Content>
        <Tabs.Content value="feed" className="min-w-0 outline-none">
          <ChannelFeed channel={channel} />
        </Tabs.Content>
      </Tabs.Root>
      {flow.dialog}
    </article>
  );
}
