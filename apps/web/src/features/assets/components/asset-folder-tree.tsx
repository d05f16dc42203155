import { Folder, FolderOpen, Library } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useT } from '../../../app/i18n/i18n-provider';
import type { AssetFolder } from '../assets-api';

/** The folder tree: "All files" then every folder, indented by depth, with its asset count (with subfolders). */
export function AssetFolderTree({
  folders,
  current,
  onSelect,
}: {
  folders: AssetFolder[];
  current: string;
  onSelect: (path: string) => void;
}) {
  const t = useT();
  const item = (path: string, label: string, depth: number, count: number | null) => {
    const active = current === path;
    const Icon = path === '' ? Library : active ? FolderOpen : Folder;
    return (
      <li key={path || '/'}>
        <button
          type="button"
          aria-current={active ? 'true' : undefined}
          onClick={() => onSelect(path)}
          style={{ paddingInlineStart: `${0.5 + depth * 0.9}rem` }}
          className={cn(
            'flex w-full items-center gap-2 rounded-md py-1.5 pe-2 text-start text-sm hover:bg-accent',
            active && 'bg-accent font-semibold',
          )}
        >
          <Icon className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{label}</span>
          {count !== null && <span className="ms-auto text-xs text-muted-foreground">{count}</span>}
        </button>
      </li>
    );
  };
  return (
    <nav aria-label={t('assets.folders')}>
      <ul className="flex flex-col gap-0.5" data-testid="asset-folder-tree">
        {item('', t('assets.allFiles'), 0, null)}
        {folders.map((f) => item(f.path, f.name, f.path.split('/').length, f.total))}
      </ul>
    </nav>
  );
}

/** Library / a / b, each part selectable. */
export function AssetBreadcrumb({ folder, onSelect }: { folder: string; onSelect: (path: string) => void }) {
  const t = useT();
  const parts = folder ? folder.split('/') : [];
  return (
    <nav aria-label={t('assets.breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          <button type="button" className="text-primary hover:underline" onClick={() => onSelect('')}>
            {t('assets.root')}
          </button>
        </li>
        {parts.map((p, i) => {
          const path = parts.slice(0, i + 1).join('/');
          const last = i === parts.length - 1;
          return (
            <li key={path} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              {last ? (
                <span aria-current="page" className="font-medium">
                  {p}
                </span>
              ) : (
                <button type="button" className="text-primary hover:underline" onClick={() => onSelect(path)}>
                  {p}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
