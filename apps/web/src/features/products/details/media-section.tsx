import { ArrowDown, ArrowUp, FileText, GripVertical, ImagePlus, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useHasPermission } from '../../../app/session/use-me';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { uploadMedia } from '../products-api';
import { AssetPickerDialog } from './asset-picker-dialog';
import { DetailsSection } from './section';
import type { MediaDraft } from './use-product-draft';
import { errorMessage } from '../../../lib/api-errors';

const MAX_MEDIA = 50;

interface Upload {
  key: string;
  name: string;
  share: number;
}

/** The product's files in order (the first is the main image): pick, upload with progress, reorder, remove. */
export function MediaSection({
  media,
  onChange,
  onUploaded,
  error,
}: {
  media: MediaDraft[];
  onChange: (next: MediaDraft[]) => void;
  /** A file went into the library from here (removed again if the product is not saved with it). */
  onUploaded: (assetId: string) => void;
  error?: string;
}) {
  const { t } = useI18n();
  // Adding a file to the asset library needs `assets`; picking one already there only `products`.
  const canUpload = useHasPermission()('assets');
  const [picking, setPicking] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Uploads finish one by one; the latest list is read through a ref so none overwrites another.
  const mediaRef = useRef(media);
  mediaRef.current = media;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= media.length || from === to) return;
    const next = media.slice();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const add = (items: MediaDraft[]) => {
    const have = new Set(mediaRef.current.map((m) => m.assetId));
    const next = [...mediaRef.current, ...items.filter((i) => !have.has(i.assetId))].slice(0, MAX_MEDIA);
    mediaRef.current = next;
    onChange(next);
  };

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${Math.random()}`;
      setUploads((u) => [...u, { key, name: file.name, share: 0 }]);
      try {
        const asset = await uploadMedia(file, (share) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, share } : x))));
        onUploaded(asset.id);
        add([{ assetId: asset.id, fileName: asset.fileName, thumbnailUrl: asset.thumbnailUrl }]);
        toast.success(t('products.media.uploaded', { name: asset.fileName }));
      } catch (e) {
        toast.error(t('products.media.uploadFailed', { name: file.name }), { description: errorMessage(t, e) });
      } finally {
        setUploads((u) => u.filter((x) => x.key !== key));
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <DetailsSection
      id="media"
      title={t('products.section.media')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setPicking(true)} disabled={media.length >= MAX_MEDIA}>
            <ImagePlus className="size-3.5" aria-hidden />
            {t('products.media.pick')}
          </Button>
          {canUpload && (
            <>
              <Button size="sm" variant="outline" onClick={() => fileRef.current?.click()} disabled={media.length >= MAX_MEDIA}>
                <Upload className="size-3.5" aria-hidden />
                {t('products.media.upload')}
              </Button>
              <input
                ref={fileRef}
                type="file"
                multiple
                accept="image/*,application/pdf"
                className="sr-only"
                aria-label={t('products.media.uploadInput')}
                tabIndex={-1}
                onChange={(e) => void upload(e.target.files)}
              />
            </>
          )}
        </div>
      }
    >
      {uploads.map((u) => (
        <div key={u.key} className="flex items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate">{u.name}</span>
          <progress className="w-40" max={1} value={u.share} aria-label={t('products.media.uploading', { name: u.name })} />
          <span className="w-10 text-end tabular-nums">{Math.round(u.share * 100)}%</span>
        </div>
      ))}
      {error && <p className="text-sm text-destructive">{error}</p>}
      {media.length === 0 && uploads.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{t('products.media.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="product-media">
          {media.map((m, i) => (
            <li
              key={m.assetId}
              draggable
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className="flex items-center gap-3 rounded-md border p-2 data-[dragging=true]:opacity-50"
              data-dragging={dragging === i}
            >
              <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden />
              {m.thumbnailUrl ? (
                <img src={m.thumbnailUrl} alt="" className="size-14 shrink-0 rounded object-cover" />
              ) : (
                <span className="flex size-14 shrink-0 items-center justify-center rounded bg-muted">
                  <FileText className="size-5" aria-hidden />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm">{m.fileName}</span>
                {i === 0 && <span className="text-xs font-medium text-primary">{t('products.media.main')}</span>}
              </span>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('products.media.moveUp', { name: m.fileName })}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('products.media.moveDown', { name: m.fileName })}
                disabled={i === media.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('products.media.remove', { name: m.fileName })}
                onClick={() => onChange(media.filter((x) => x.assetId !== m.assetId))}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <AssetPickerDialog
        open={picking}
        onOpenChange={setPicking}
        multiple
        exclude={media.map((m) => m.assetId)}
        onPick={(assets) => add(assets.map((a) => ({ assetId: a.id, fileName: a.fileName, thumbnailUrl: a.thumbnailUrl })))}
      />
    </DetailsSection>
  );
}
