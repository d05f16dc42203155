import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { useT } from '../../../app/i18n/i18n-provider';
import { assetKeys, uploadAssetFile } from '../assets-api';

interface Item {
  id: number;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** At most this many files travel at once; the rest wait their turn. */
const PARALLEL = 4;
let nextId = 1;

/** Drop zone and file picker; uploads many files in parallel (one per request) with per-file progress and errors. */
export function AssetUploadZone({ folder }: { folder: string }) {
  const t = useT();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const patch = (id: number, p: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...p } : i)));

  const start = async (files: File[]) => {
    if (!files.length) return;
    const queued = files.map((f) => ({ file: f, item: { id: nextId++, name: f.name, percent: 0, state: 'uploading' as const } }));
    setItems((list) => [...queued.map((q) => q.item), ...list]);
    let done = 0;
    let cursor = 0;
    const worker = async () => {
      while (cursor < queued.length) {
        const { file, item } = queued[cursor++]!;
        try {
          await uploadAssetFile(file, folder, (percent) => patch(item.id, { percent }));
          patch(item.id, { state: 'done', percent: 100 });
          done++;
        } catch (err) {
          const message = errorMessage(t, err, { network: t('assets.networkError') });
          patch(item.id, { state: 'failed', error: message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queued.length) }, worker));
    await qc.invalidateQueries({ queryKey: assetKeys.all });
    if (done) toast.success(t('assets.uploadDone', { count: String(done) }));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void start([...e.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        data-testid="asset-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm',
          over ? 'border-primary bg-primary/5' : 'border-border',
        )}
      >
        <Upload className="size-6 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t('assets.dropzone')}</p>
        <p className="text-xs text-muted-foreground">{t('assets.dropzoneHint')}</p>
        <p className="text-xs text-muted-foreground">{t('assets.uploadInto', { folder: folder || t('assets.root') })}</p>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          {t('assets.chooseFiles')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          aria-label={t('assets.chooseFiles')}
          data-testid="asset-file-input"
          onChange={(e) => {
            void start([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <section aria-label={t('assets.uploads')} className="rounded-md border p-2">
          <div className="mb-1 flex items-center justify-between text-sm font-medium">
            <span>{t('assets.uploads')}</span>
            <Button variant="ghost" size="sm" onClick={() => setItems((list) => list.filter((i) => i.state === 'uploading'))}>
              {t('assets.clearUploads')}
            </Button>
          </div>
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto text-sm" data-testid="asset-upload-list">
            {items.map((i) => (
              <li key={i.id} className="flex flex-col gap-1" data-state={i.state}>
                <div className="flex items-center gap-2">
                  {i.state === 'done' && <CheckCircle2 className="size-4 text-green-700" aria-label={t('assets.uploaded')} />}
                  {i.state === 'failed' && <CircleAlert className="size-4 text-destructive" aria-label={t('assets.uploadFailed')} />}
                  <span className="truncate">{i.name}</span>
                  {i.state === 'uploading' && <span className="ms-auto text-xs text-muted-foreground">{i.percent}%</span>}
                </div>
                {i.state === 'uploading' && (
                  <progress
                    className="h-1.5 w-full"
                    max={100}
                    value={i.percent}
                    aria-label={t('assets.uploading', { name: i.name, percent: String(i.percent) })}
                  />
                )}
                {i.state === 'failed' && (
                  <span role="alert" className="text-xs text-destructive">
                    {i.error}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
