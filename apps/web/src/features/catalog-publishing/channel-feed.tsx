import { FEED_FORMATS } from '@market/contracts/plain';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { errorMessage } from '../../lib/api-errors';
import { feedUrl, useRotateFeedToken, type Channel } from './catalog-publishing-api';

/** The feed's stable address: a token made or replaced here is shown once, with a copy button per format. */
export function ChannelFeed({ channel }: { channel: Channel }) {
  const { t } = useI18n();
  const rotate = useRotateFeedToken(channel.id);
  const [fresh, setFresh] = useState<{ token: string; feedPath: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const make = () =>
    rotate.mutate(undefined, {
      onSuccess: (r) => {
        setFresh(r);
        setAsking(false);
      },
      onError: (e) => toast.error(errorMessage(t, e)),
    });
  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => toast.success(t('catalogPublishing.feed.copied')),
      () => undefined,
    );
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h3 className="font-semibold">{t('catalogPublishing.feed.title')}</h3>
      <p className="text-muted-foreground">{t('catalogPublishing.feed.explain')}</p>
      {fresh ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
          role="status"
        >
          <p className="font-medium">{t('catalogPublishing.feed.once')}</p>
          {FEED_FORMATS.map((f) => {
            const url = feedUrl(fresh.feedPath, f, fresh.token);
            return (
              <div key={f} className="flex flex-wrap items-center gap-2">
                <span className="w-40 shrink-0">{t(`catalogPublishing.feed.format.${f}`)}</span>
                <code dir="ltr" className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1 text-xs">
                  {url}
                </code>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => copy(url)}
                  aria-label={`${t('catalogPublishing.feed.copy')} ${t(`catalogPublishing.feed.format.${f}`)}`}
                >
                  <Copy className="size-3" aria-hidden />
                  {t('catalogPublishing.feed.copy')}
                </Button>
              </div>
            );
          })}
        </div>
      ) : (
        <p>{channel.hasFeedToken ? t('catalogPublishing.feed.hasToken') : t('catalogPublishing.feed.noToken')}</p>
      )}
      <div>
        <Button
          variant={channel.hasFeedToken ? 'outline' : 'default'}
          disabled={rotate.isPending}
          onClick={() => (channel.hasFeedToken ? setAsking(true) : make())}
        >
          {channel.hasFeedToken ? t('catalogPublishing.feed.rotate') : t('catalogPublishing.feed.make')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('catalogPublishing.feed.rotateTitle')}
        message={t('catalogPublishing.feed.rotateBody')}
        confirmLabel={t('catalogPublishing.feed.rotate')}
        cancelLabel={t('common.cancel')}
        pending={rotate.isPending}
        onConfirm={make}
      />
    </div>
  );
}
