import { FileText, File as FileIcon } from 'lucide-react';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n, useT } from '../../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../../app/i18n/locale-format';
import { formatBytes, type Asset } from '../assets-api';

function Thumb({ a, className }: { a: Asset; className: string }) {
  if (a.thumbnailUrl)
    return (
      <img src={a.thumbnailUrl} alt={a.altEn || a.fileName} loading="lazy" decoding="async" className={`${className} object-contain`} />
    );
  const Icon = a.mimeType === 'application/pdf' ? FileText : FileIcon;
  return (
    <span className={`${className} flex items-center justify-center text-muted-foreground`}>
      <Icon className="size-8" aria-hidden />
    </span>
  );
}

/** Assets as a grid of thumbnails. */
export function AssetGrid({ items, onOpen }: { items: Asset[]; onOpen: (a: Asset) => void }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3" data-testid="asset-grid">
      {items.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            onClick={() => onOpen(a)}
            // Label in Name (WCAG 2.5.3): the name carries the card's visible file name and size, in order (the space
            // between the two lines keeps them apart in the text a checker reads).
            aria-label={`${t('assets.open', { name: a.fileName })} ${formatBytes(a.sizeBytes)}`}
            aria-haspopup="dialog"
            className="flex w-full flex-col overflow-hidden rounded-md border bg-card text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Thumb a={a} className="aspect-square w-full bg-muted" />
            <span className="truncate px-2 pt-1 text-sm font-medium" dir="auto">
              {a.fileName}
            </span>{' '}
            <span className="px-2 pb-1 text-xs text-muted-foreground" dir="ltr">
              {formatBytes(a.sizeBytes)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Assets as a table. */
export function AssetList({ items, onOpen }: { items: Asset[]; onOpen: (a: Asset) => void }) {
  const { t, language } = useI18n();
  const columns: ColumnDef<Asset>[] = [
    column({ id: 'preview', header: t('assets.col.preview'), cell: (a) => <Thumb a={a} className="size-10 rounded bg-muted" /> }),
    column({
      id: 'name',
      header: t('assets.col.name'),
      cell: (a) => (
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => onOpen(a)}
          aria-label={t('assets.open', { name: a.fileName })}
          dir="auto"
        >
          {a.fileName}
        </button>
      ),
    }),
    column({ id: 'folder', header: t('assets.col.folder'), cellProps: { dir: 'auto' }, cell: (a) => a.folder || '/' }),
    column({ id: 'type', header: t('assets.col.type'), cell: (a) => a.mimeType }),
    column({ id: 'size', header: t('assets.col.size'), cell: (a) => <bdi dir="ltr">{formatBytes(a.sizeBytes)}</bdi> }),
    column({
      id: 'dimensions',
      header: t('assets.col.dimensions'),
      cell: (a) => (a.width && a.height ? t('assets.dimensions', { width: String(a.width), height: String(a.height) }) : '—'),
    }),
    column({
      id: 'added',
      header: t('assets.col.added'),
      cell: (a) => dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(a.createdAt)),
    }),
  ];
  return <DataTable columns={columns} data={items} testId="asset-table" />;
}
