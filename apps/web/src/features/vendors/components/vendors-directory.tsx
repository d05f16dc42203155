import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useT } from '../../../app/i18n/i18n-provider';
import { Pager } from '../../applications';
import { useVendors, type VendorFilters } from '../vendors-api';
import type { VendorArea } from './vendors-area';
import { VendorCreateDialog } from './vendor-create-dialog';
import { VendorDrawer } from './vendor-drawer';
import { VendorsFilters } from './vendors-filters';
import { VendorsTable } from './vendors-table';

/** The Vendors tab: search, filters, a page of vendors, and the vendor drawer (its id in the URL, so it can be linked). */
export function VendorsDirectory({ area }: { area: VendorArea }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<VendorFilters>({
    vendorType: area === 'junior' ? 'junior' : 'market',
    q: '',
    status: '',
    categoryId: '',
    expiring: false,
    page: 1,
  });
  // Typing waits a moment before it asks the server.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setFilters((f) => (f.q === search ? f : { ...f, q: search, page: 1 })), 300);
    return () => window.clearTimeout(id);
  }, [search]);
  const list = useVendors(filters);
  const [creating, setCreating] = useState(false);
  const openId = params.get('vendor');
  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('vendor', id);
      else next.delete('vendor');
      return next;
    });

  const data = list.data;
  const filtered = !!(filters.q || filters.status || filters.categoryId || filters.expiring);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <VendorsFilters
          area={area}
          search={search}
          onSearch={setSearch}
          filters={filters}
          onChange={(f) => setFilters({ ...f, page: 1 })}
        />
        <Button className="self-start sm:self-auto" onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          {t(area === 'junior' ? 'vendors.addJunior' : 'vendors.add')}
        </Button>
      </div>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={!!data && data.total === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('vendors.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={
          <div className="flex flex-col items-center gap-3">
            <span>{filtered ? t('vendors.emptyFiltered') : t(area === 'junior' ? 'vendors.emptyJunior' : 'vendors.empty')}</span>
            {!filtered && (
              <Button size="sm" onClick={() => setCreating(true)}>
                {t(area === 'junior' ? 'vendors.addJunior' : 'vendors.add')}
              </Button>
            )}
          </div>
        }
      />
      {data && data.total > 0 && (
        <>
          <VendorsTable vendors={data.items} onOpen={open} />
          <Pager
            page={filters.page}
            data={data}
            label={t('vendors.paging')}
            summary={(range) => t('vendors.pageSummary', range)}
            previous={t('vendors.previous')}
            next={t('vendors.next')}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
      <VendorCreateDialog
        open={creating}
        onOpenChange={setCreating}
        area={area}
        defaultType={filters.vendorType}
        onCreated={(id) => open(id)}
      />
      <VendorDrawer vendorId={openId} onClose={() => open(null)} />
    </div>
  );
}
