import { AlertDialog } from 'radix-ui';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { localName } from '../../../components/geo-map';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useDeleteLocation, type Location } from '../api';

/** Confirms a delete and says what goes with it; a location with market days cannot be deleted at all. */
export function DeleteLocationDialog({
  location,
  onOpenChange,
  onDeleted,
}: {
  location: Location | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t, language } = useI18n();
  const del = useDeleteLocation();
  const name = location ? localName(location, language) : '';
  const blocked = !!location && location.marketDayCount > 0;
  return (
    <AlertDialog.Root open={!!location} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg border bg-card p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold">{t('locations.deleteDialog.title', { name })}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm">
            {blocked
              ? t('locations.deleteDialog.hasDays', { count: location.marketDayCount })
              : t('locations.deleteDialog.body', { count: location?.slotCount ?? 0 })}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('locations.form.cancel')}</Button>
            </AlertDialog.Cancel>
            {!blocked && (
              <Button
                variant="destructive"
                disabled={del.isPending}
                onClick={() =>
                  location &&
                  del.mutate(location.id, {
                    onSuccess: () => {
                      toast.success(t('locations.deleted'));
                      onOpenChange(false);
                      onDeleted?.();
                    },
                    onError: (e) => toast.error(t('locations.deleteFailed', { message: errorMessage(t, e) })),
                  })
                }
              >
                {del.isPending ? t('locations.deleteDialog.deleting') : t('locations.deleteDialog.confirm')}
              </Button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
