import { IMPORT_LIMITS } from '@market/contracts/plain';
import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { formatBytes, num } from '../import-format';
import { uploadImportFile, useImportProfiles } from '../product-import-api';

const ACCEPT = ['.csv', '.txt', '.xlsx', '.zip'];

interface Upload {
  name: string;
  percent: number;
  abort: AbortController;
}

/** Drop zone and file picker for one file, with an optional profile whose mapping it starts from; opens the import once read. */
export function ImportUploadZone({ onUploaded }: { onUploaded: (id: string) => void }) {
  const { t, language } = useI18n();
  const profiles = useImportProfiles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [profileId, setProfileId] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limit = formatBytes(IMPORT_LIMITS.fileBytes, language, t);

  const start = async (file: File | undefined) => {
    if (!file || upload) return;
    setError(null);
    if (!ACCEPT.some((ext) => file.name.toLowerCase().endsWith(ext)))
      return setError(t('productImport.upload.wrongType', { name: file.name }));
    if (file.size > IMPORT_LIMITS.fileBytes) return setError(t('productImport.upload.tooLarge', { name: file.name, limit }));
    const abort = new AbortController();
    setUpload({ name: file.name, percent: 0, abort });
    try {
      const detail = await uploadImportFile(
        file,
        profileId || null,
        (share) => setUpload((u) => u && { ...u, percent: Math.round(100 * share) }),
        abort.signal,
      );
      toast.success(t('productImport.upload.done', { name: file.name }));
      onUploaded(detail.id);
    } catch (e) {
      if (abort.signal.aborted) return;
      const message = errorMessage(t, e);
      setError(message);
      toast.error(t('productImport.upload.failed'), { description: message });
    } finally {
      setUpload(null);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void start(e.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby="import-upload-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="import-upload-title" className="text-base font-semibold">
        {t('productImport.upload.title')}
      </h2>
      <FormField label={t('productImport.upload.profile')} hint={t('productImport.upload.profileHint')} className="max-w-md">
        {(p) => (
          <select {...p} className={fieldClass} value={profileId} onChange={(e) => setProfileId(e.target.value)} disabled={!!upload}>
            <option value="">{t('productImport.upload.noProfile')}</option>
            {(profiles.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div
        data-testid="import-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
          over ? 'border-primary bg-primary/5' : 'border-border',
        )}
      >
        <FileUp className="size-7 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t('productImport.upload.drop')}</p>
        <p className="text-xs text-muted-foreground">{t('productImport.upload.hint', { limit })}</p>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={!!upload}>
          {t('productImport.upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT.join(',')}
          className="sr-only"
          aria-label={t('productImport.upload.choose')}
          data-testid="import-file-input"
          onChange={(e) => {
            void start(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {upload && (
        <div className="flex flex-col gap-1 text-sm" role="status">
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate">
              {upload.percent < 100
                ? t('productImport.upload.sending', { name: upload.name, percent: num(upload.percent, language) })
                : t('productImport.upload.reading', { name: upload.name })}
            </span>
            <Button variant="ghost" size="sm" onClick={() => upload.abort.abort()}>
              {t('common.cancel')}
            </Button>
          </div>
          <progress className="h-1.5 w-full" max={100} value={upload.percent < 100 ? upload.percent : undefined} />
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
