import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { fieldError } from '../../lib/api-errors';
import { useSaveChannel, type Channel, type PreviewItem } from './catalog-publishing-api';

/** An ISO time as a datetime-local value in the browser's zone, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

/** When one product enters and leaves the channel (either end open); clearing both removes the schedule. */
export function ScheduleDialog({ channel, product, onClose }: { channel: Channel; product: PreviewItem | null; onClose: () => void }) {
  const { t } = useI18n();
  const save = useSaveChannel();
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const resetSave = save.reset;
  useEffect(() => {
    if (!product) return;
    resetSave();
    const s = channel.schedules.find((x) => x.productId === product.id);
    setFrom(toLocalInput(s?.publishAt ?? null));
    setUntil(toLocalInput(s?.unpublishAt ?? null));
    setLocal(null);
  }, [product, channel.schedules, resetSave]);
  const submit = () => {
    if (!product) return;
    const publishAt = fromLocalInput(from);
    const unpublishAt = fromLocalInput(until);
    if (publishAt && unpublishAt && publishAt >= unpublishAt) return setLocal(t('catalogPublishing.schedule.order'));
    const schedules = channel.schedules.filter((s) => s.productId !== product.id);
    if (publishAt || unpublishAt) schedules.push({ productId: product.id, publishAt, unpublishAt });
    save.mutate(
      { id: channel.id, body: { schedules }, expectedUpdatedAt: channel.updatedAt },
      {
        onSuccess: () => {
          toast.success(t('catalogPublishing.toast.updated'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialogForm
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('catalogPublishing.schedule.title', { name: product?.nameEn ?? '' })}
      description={t('catalogPublishing.schedule.description')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('catalogPublishing.form.saving') : t('catalogPublishing.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        type="datetime-local"
        label={t('catalogPublishing.schedule.publishAt')}
        value={from}
        error={fieldError(save.error, 'schedules')}
        onValueChange={setFrom}
      />
      <TextField
        type="datetime-local"
        label={t('catalogPublishing.schedule.unpublishAt')}
        value={until}
        error={local ?? undefined}
        onValueChange={setUntil}
      />
    </FormDialogForm>
  );
}
