import { Button } from '../../components/ui/button';
import { useI18n } from '../../app/i18n/i18n-provider';

/** A card's loading skeleton (the card keeps its size while its figures load) or its failure with a retry. */
export function CardStatus({ pending, error, onRetry }: { pending: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useI18n();
  if (pending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <div className="h-8 w-16 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  if (error)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <span className="text-destructive">{t('dashboard.card.failed')}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  return null;
}
