import { FileText, Users } from 'lucide-react';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { VendorListItem } from '../vendors-api';
import { CategoryChip, DocumentFlags, VendorStatusBadge } from './vendor-badges';

/** A page of vendors: a table on wide screens, cards on a phone (DataTable's). Clicking a name opens the vendor. */
export function VendorsTable({ vendors, onOpen }: { vendors: VendorListItem[]; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const categories = (v: VendorListItem) =>
    v.categories.length ? (
      <ul className="flex flex-wrap gap-1">
        {v.categories.map((c) => (
          <li key={c.id} className="max-w-40">
            <CategoryChip name={language === 'ar' ? c.nameAr : c.nameEn} colour={c.colour} inactive={!c.isActive} />
          </li>
        ))}
      </ul>
    ) : (
      <span className="text-muted-foreground">{t('vendors.none')}</span>
    );
  const documents = (v: VendorListItem) => (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="inline-flex items-center gap-1 tabular-nums" title={t('vendors.col.documents')}>
        <FileText className="size-3.5 text-muted-foreground" aria-hidden />
        {v.documentSummary.total}
      </span>
      <DocumentFlags expiringSoon={v.documentSummary.expiringSoon} expired={v.documentSummary.expired} />
    </span>
  );
  const users = (v: VendorListItem) =>
    v.users.length ? (
      <span className="inline-flex min-w-0 items-center gap-1" title={v.users.map((u) => u.email).join(', ')}>
        <Users className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="truncate" dir="ltr">
          {v.users[0]!.email}
        </span>
        {v.users.length > 1 && <span className="text-muted-foreground">+{v.users.length - 1}</span>}
      </span>
    ) : (
      <span className="text-muted-foreground">{t('vendors.none')}</span>
    );
  const name = (v: VendorListItem) => (
    <>
      <button
        type="button"
        className="text-start font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => onOpen(v.id)}
      >
        {v.publicName}
      </button>
      {(v.email || v.contactName) && (
        <p className="truncate text-xs text-muted-foreground">{[v.contactName, v.email].filter(Boolean).join(' · ')}</p>
      )}
    </>
  );

  const columns: ColumnDef<VendorListItem>[] = [
    column({ id: 'name', header: t('vendors.col.name'), card: 'title', cellClassName: 'max-w-64', cell: name }),
    column({ id: 'status', header: t('vendors.col.status'), card: 'field', cell: (v) => <VendorStatusBadge status={v.status} /> }),
    column({ id: 'categories', header: t('vendors.col.categories'), card: 'field', cell: categories }),
    column({ id: 'documents', header: t('vendors.col.documents'), card: 'field', cell: documents }),
    column({ id: 'users', header: t('vendors.col.users'), card: 'field', cellClassName: 'max-w-56', cell: users }),
  ];

  return <DataTable columns={columns} data={vendors} testId="vendors-table" rowProps={() => ({ className: 'align-top' })} />;
}
