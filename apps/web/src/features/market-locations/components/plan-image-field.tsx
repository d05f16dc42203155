import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { PLAN_IMAGE_MAX_MB, PLAN_IMAGE_TYPES, uploadPlanImage } from './storage-upload';

interface Props {
  orgSlug: string | null;
  previewUrl: string | null;
  error?: string;
  onChange: (value: { path: string; url: string } | null) => void;
  onBusyChange: (busy: boolean) => void;
}

/** Upload of the site plan drawn behind the slots: image only, with progress and a preview. */
export function PlanImageField({ orgSlug, previewUrl, error, onChange, onBusyChange }: Props) {
  const { t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file || !orgSlug) return;
    setProblem(null);
    if (!PLAN_IMAGE_TYPES.includes(file.type)) return setProblem(t('locations.form.notImage'));
    if (file.size > PLAN_IMAGE_MAX_MB * 1024 * 1024) return setProblem(t('locations.form.tooLarge', { size: PLAN_IMAGE_MAX_MB }));
    setProgress(0);
    onBusyChange(true);
    try {
      onChange(await uploadPlanImage(orgSlug, file, setProgress));
    } catch (err) {
      setProblem(t('locations.form.uploadFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setProgress(null);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {t('locations.form.planImage')}
      </span>
      <p className="text-xs text-muted-foreground">{t('locations.form.planImageHint', { size: PLAN_IMAGE_MAX_MB })}</p>
      {previewUrl && (
        <img src={previewUrl} alt="" className="max-h-40 w-fit max-w-full rounded-md border object-contain" data-testid="plan-preview" />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PLAN_IMAGE_TYPES.join(',')}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          onChange={(e) => void pick(e.target.files?.[0])}
          disabled={progress !== null || !orgSlug}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={progress !== null || !orgSlug}>
          <ImageUp className="size-4" aria-hidden />
          {previewUrl ? t('locations.form.replace') : t('locations.form.upload')}
        </Button>
        {previewUrl && progress === null && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 className="size-4" aria-hidden />
            {t('locations.form.removeImage')}
          </Button>
        )}
      </div>
      {progress !== null && (
        <div role="status" className="flex items-center gap-2 text-xs">
          <progress max={100} value={progress} className="h-2 w-40" aria-label={t('locations.form.uploading', { percent: progress })} />
          <span>{t('locations.form.uploading', { percent: progress })}</span>
        </div>
      )}
      {shown && (
        <p role="alert" className="text-xs text-destructive">
          {shown}
        </p>
      )}
    </div>
  );
}
