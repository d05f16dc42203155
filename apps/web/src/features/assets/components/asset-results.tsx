import { FileText, File as FileIcon } from 'lucide-react';
import { useT } from '../../../app/i18n/i18n-provider';
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
            aria-label={t('assets.open', { name: a.fileName })}
            className="flex w-full flex-col overflow-hidden rounded-md border bg-card text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Thumb a={a} className="aspect-square w-full bg-muted" />
            <span className="truncate px-2 pt-1 text-sm font-medium" dir="auto">
              {a.fileName}
            </span>
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
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" data-testid="asset-table">
        <thead className="bg-muted/50 text-start">
          <tr>
            {['preview', 'name', 'folder', 'type', 'size', 'dimensions', 'added'].map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`assets.col.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id} className="border-t">
              <td className="px-3 py-1">
                <Thumb a={a} className="size-10 rounded bg-muted" />
              </td>
              <td className="px-3 py-1">
                <button
                  type="button"
                  className="text-primary hover:underline"
                  onClick={() => onOpen(a)}
                  aria-label={t('assets.open', { name: a.fileName })}
                  dir="auto"
                >
                  {a.fileName}
                </button>
              </td>
              <td className="px-3 py-1" dir="auto">
                {a.folder || '/'}
              </td>
              <td className="px-3 py-1">{a.mimeType}</td>
              <td className="px-3 py-1">
                <bdi dir="ltr">{formatBytes(a.sizeBytes)}</bdi>
              </td>
              <td className="px-3 py-1">
                {a.width && a.height ? t('assets.dimensions', { width: String(a.width), height: String(a.height) }) : '—'}
              </td>
              <td className="px-3 py-1">{new Date(a.createdAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
