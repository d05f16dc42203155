import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { cn } from '../../lib/cn';
import { useChannels, type Channel } from './catalog-publishing-api';
import { ChannelDetail } from './channel-detail';
import { ChannelFormDialog } from './channel-form-dialog';

/**
 * Catalog publishing: the channels on the start side, the chosen one (?channel=) beside them with its completeness,
 * preview, snapshots and feed.
 */
export default function CatalogPublishingPage() {
  const { t, language } = useI18n();
  const channels = useChannels();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const list = channels.data ?? [];
  const chosen = list.find((c) => c.id === params.get('channel')) ?? list[0] ?? null;
  const choose = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('channel', id);
        return next;
      },
      { replace: true },
    );
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.catalogPublishing')}</h1>
          <p className="text-sm text-muted-foreground">{t('catalogPublishing.subtitle')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          {t('catalogPublishing.channels.new')}
        </Button>
      </header>
      <ListState
        loading={channels.isPending}
        error={channels.error}
        empty={channels.isSuccess && list.length === 0}
        loadingLabel={t('catalogPublishing.channels.loading')}
        errorLabel={t('catalogPublishing.channels.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void channels.refetch()}
        emptyContent={t('catalogPublishing.channels.empty')}
      />
      {list.length > 0 && (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[16rem_1fr]">
          <nav aria-label={t('catalogPublishing.channels.title')} className="flex flex-col gap-1">
            {list.map((c) => (
              <button
                key={c.id}
                type="button"
                aria-current={c.id === chosen?.id ? 'page' : undefined}
                onClick={() => choose(c.id)}
                className={cn(
                  'flex flex-col items-start rounded-md border px-3 py-2 text-start text-sm hover:bg-muted',
                  c.id === chosen?.id && 'border-primary bg-muted/60',
                )}
              >
                <span className="font-medium">{c.name}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`catalogPublishing.kind.${c.kind}`)} ·{' '}
                  {c.latestSnapshot
                    ? t('catalogPublishing.latest.some', {
                        number: formatNumber(c.latestSnapshot.number, language),
                        count: formatNumber(c.latestSnapshot.itemCount, language),
                      })
                    : t('catalogPublishing.latest.none')}
                </span>
              </button>
            ))}
          </nav>
          {chosen ? <ChannelDetail key={chosen.id} channel={chosen} onEdit={() => setEditing(chosen)} /> : null}
        </div>
      )}
      <ChannelFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        channel={editing === 'new' ? null : editing}
        onCreated={choose}
      />
    </section>
  );
}
