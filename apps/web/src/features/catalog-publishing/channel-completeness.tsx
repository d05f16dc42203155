import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { useChannelCompleteness, useChannelOptions } from './catalog-publishing-api';

/** Per channel language: how many products are complete, the average, and the least complete products with what they miss. */
export function ChannelCompletenessView({ channelId }: { channelId: string }) {
  const { t, language } = useI18n();
  const q = useChannelCompleteness(channelId);
  const options = useChannelOptions();
  const attrName = new Map(
    (options.data?.families ?? []).flatMap((f) => f.attributes.map((a) => [a.id, language === 'ar' ? a.nameAr : a.nameEn] as const)),
  );
  const word = (m: string) => (m === 'name' || m === 'description' ? t(`catalogPublishing.completeness.${m}`) : (attrName.get(m) ?? m));
  if (!q.data)
    return (
      <ListState
        loading={q.isPending}
        error={q.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('catalogPublishing.completeness.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={null}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-3 sm:grid-cols-2">
        {q.data.locales.map((l) => (
          <li key={l.locale} className="rounded-md border p-3">
            <div className="text-sm font-medium">{t(`catalogPublishing.locale.${l.locale}`)}</div>
            <div className="text-2xl font-semibold">
              {t('catalogPublishing.completeness.average', { score: formatNumber(l.averageScore, language) })}
            </div>
            <div className="text-xs text-muted-foreground">
              {t('catalogPublishing.completeness.complete', {
                complete: formatNumber(l.complete, language),
                products: formatNumber(l.products, language),
              })}
            </div>
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">{t('catalogPublishing.completeness.lowest')}</h3>
      {q.data.lowest.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          {t('catalogPublishing.completeness.empty')}
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {q.data.lowest.map((p) => (
            <li key={p.productId} className="flex flex-col gap-1 p-2 text-sm">
              <span className="font-medium">
                {language === 'ar' && p.nameAr ? p.nameAr : p.nameEn} <bdi className="text-xs text-muted-foreground">{p.sku}</bdi>
              </span>
              {Object.entries(p.completeness).map(([locale, c]) => (
                <span key={locale} className="text-xs text-muted-foreground">
                  {t(`catalogPublishing.locale.${locale}`)}: {formatNumber(c.score, language)}% ·{' '}
                  {c.missing.length ? t('catalogPublishing.completeness.missing', { list: c.missing.map(word).join(', ') }) : ''}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
