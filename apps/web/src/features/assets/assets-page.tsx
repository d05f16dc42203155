import { FolderPlus, LayoutGrid, List, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ASSET_SORTS, ASSET_TYPES, type AssetSort, type AssetType } from '@market/contracts/plain';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { cn } from '../../lib/cn';
import { useT } from '../../app/i18n/i18n-provider';
import { useAssetFolders, useAssets, useAssetTags, type Asset } from './assets-api';
import { AssetDetailsDialog } from './components/asset-details-dialog';
import { AssetFolderDialogs, type FolderDialog } from './components/asset-folder-dialogs';
import { AssetBreadcrumb, AssetFolderTree } from './components/asset-folder-tree';
import { AssetGrid, AssetList } from './components/asset-results';
import { AssetUploadZone } from './components/asset-upload-zone';

const PAGE_SIZE = 48;
const selectClass = fieldClass.replace('w-full', 'w-auto');

/** Assets (/assets): the organization's asset library — folders, upload, search and filters, grid or list, details. */
export default function AssetsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder') ?? '';
  const q = params.get('q') ?? '';
  const type = params.get('type') ?? '';
  const tag = params.get('tag') ?? '';
  const sort = params.get('sort') ?? 'created_desc';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const subfolders = params.get('sub') === '1';
  const set = useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [search, setSearch] = useState(q);
  // Live like the product search: the URL is the source of truth (back, a shared link), typing updates it after a pause.
  useEffect(() => setSearch((s) => (s.trim() === q ? s : q)), [q]);
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => set({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search, q, set]);
  const [open, setOpen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<FolderDialog>(null);

  const list = useAssets({
    q: q || undefined,
    folder: q && !folder ? undefined : folder,
    subfolders: subfolders || (!!q && !folder) ? 'true' : undefined,
    // As the address says; a value the server does not know is refused there and shown as a failed load.
    type: (type || undefined) as AssetType | undefined,
    tag: tag || undefined,
    sort: sort as AssetSort,
    page: String(page),
    limit: String(PAGE_SIZE),
  });
  const folders = useAssetFolders();
  const tags = useAssetTags();
  const items: Asset[] = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const filtered = !!(q || type || tag);

  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.assets')}</h1>
        <p className="text-sm text-muted-foreground">{t('assets.subtitle')}</p>
      </header>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[15rem_1fr]">
        <aside className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold">{t('assets.folders')}</h2>
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'create', parent: folder })} data-testid="asset-new-folder">
              <FolderPlus className="size-4" aria-hidden />
              {t('assets.newFolder')}
            </Button>
          </div>
          <AssetFolderTree folders={folders.data ?? []} current={folder} onSelect={(f) => set({ folder: f })} />
        </aside>
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <AssetBreadcrumb folder={folder} onSelect={(f) => set({ folder: f })} />
            {folder && (
              <div className="ms-auto flex gap-1" role="group" aria-label={t('assets.folderActions')}>
                <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'move', folder })}>
                  <Pencil className="size-4" aria-hidden />
                  {t('assets.renameFolder')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'delete', folder })}>
                  <Trash2 className="size-4" aria-hidden />
                  {t('assets.deleteFolder')}
                </Button>
              </div>
            )}
          </div>
          <AssetUploadZone folder={folder} />
          <form
            role="search"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              set({ q: search.trim() });
            }}
          >
            <input
              type="search"
              dir="auto"
              aria-label={t('assets.searchLabel')}
              placeholder={t('assets.search')}
              className={cn(fieldClass.replace('w-full', 'w-64'), 'max-w-full')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="asset-search"
            />
            <select aria-label={t('assets.typeLabel')} className={selectClass} value={type} onChange={(e) => set({ type: e.target.value })}>
              <option value="">{t('assets.type.all')}</option>
              {ASSET_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`assets.type.${k}`)}
                </option>
              ))}
            </select>
            <select aria-label={t('assets.tagLabel')} className={selectClass} value={tag} onChange={(e) => set({ tag: e.target.value })}>
              <option value="">{t('assets.tag.all')}</option>
              {(tags.data ?? []).map((x) => (
                <option key={x.tag} value={x.tag}>
                  {`${x.tag} (${x.count})`}
                </option>
              ))}
            </select>
            <select aria-label={t('assets.sortLabel')} className={selectClass} value={sort} onChange={(e) => set({ sort: e.target.value })}>
              {ASSET_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`assets.sort.${s}`)}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={subfolders} onChange={(e) => set({ sub: e.target.checked ? '1' : '' })} />
              {t('assets.subfolders')}
            </label>
            <div className="ms-auto flex gap-1" role="group">
              <Button
                variant={view === 'grid' ? 'default' : 'outline'}
                size="icon"
                aria-label={t('assets.view.grid')}
                aria-pressed={view === 'grid'}
                onClick={() => set({ view: '' })}
              >
                <LayoutGrid className="size-4" aria-hidden />
              </Button>
              <Button
                variant={view === 'list' ? 'default' : 'outline'}
                size="icon"
                aria-label={t('assets.view.list')}
                aria-pressed={view === 'list'}
                onClick={() => set({ view: 'list' })}
              >
                <List className="size-4" aria-hidden />
              </Button>
            </div>
          </form>
          <ListState
            loading={list.isLoading}
            error={list.error}
            empty={!list.isLoading && !list.error && items.length === 0}
            loadingLabel={t('assets.loading')}
            errorLabel={t('assets.loadFailed')}
            retryLabel={t('assets.retry')}
            onRetry={() => list.refetch()}
            emptyContent={filtered ? t('assets.noMatch') : t('assets.empty')}
          />
          {items.length > 0 && (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('assets.total', { count: String(list.data?.total ?? 0) })}
              </p>
              {view === 'grid' ? (
                <AssetGrid items={items} onOpen={(a) => setOpen(a.id)} />
              ) : (
                <AssetList items={items} onOpen={(a) => setOpen(a.id)} />
              )}
              {pages > 1 && (
                <div className="flex items-center justify-center gap-2 text-sm">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
                    {t('assets.previous')}
                  </Button>
                  <span>{t('assets.pageOf', { page: String(page), pages: String(pages) })}</span>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
                    {t('assets.next')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
      <AssetDetailsDialog id={open} folders={folders.data ?? []} onClose={() => setOpen(null)} />
      <AssetFolderDialogs dialog={dialog} onClose={() => setDialog(null)} onDone={(f) => (setDialog(null), set({ folder: f }))} />
    </section>
  );
}
