import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { useI18n } from '../../app/i18n/i18n-provider';
import { EditDeleteButtons } from './attribute-row-actions';
import type { Attribute } from './attributes-api';

/** Every attribute by code: its names, type, localisation and how many families use and require it. */
export function AttributesTable({
  attributes,
  onEdit,
  onDelete,
}: {
  attributes: Attribute[];
  onEdit: (a: Attribute) => void;
  onDelete: (a: Attribute) => void;
}) {
  const { t } = useI18n();
  const columns: ColumnDef<Attribute>[] = [
    column({
      id: 'code',
      header: t('attributes.field.code'),
      card: 'title',
      cellClassName: 'font-mono text-xs',
      cellProps: { dir: 'ltr' },
      cell: (a) => a.code,
    }),
    column({ id: 'nameEn', header: t('attributes.field.nameEn'), card: 'field', cellProps: { dir: 'ltr' }, cell: (a) => a.nameEn }),
    column({
      id: 'nameAr',
      header: t('attributes.field.nameAr'),
      card: 'field',
      cellProps: { dir: 'rtl', lang: 'ar' },
      cell: (a) => a.nameAr,
    }),
    column({
      id: 'type',
      header: t('attributes.field.type'),
      card: 'field',
      cell: (a) => (
        <>
          {t(`attributes.type.${a.type}`)}
          {a.unit && <span className="ms-1 text-muted-foreground">({a.unit.symbol})</span>}
          {a.options.length > 0 && (
            <span className="ms-1 text-xs text-muted-foreground">{t('attributes.optionCount', { count: a.options.length })}</span>
          )}
        </>
      ),
    }),
    column({
      id: 'localizable',
      header: t('attributes.col.localizable'),
      cell: (a) => (a.localizable ? t('attributes.yes') : t('attributes.no')),
    }),
    column({
      id: 'families',
      header: t('attributes.col.families'),
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (a) => t('attributes.familyCounts', { count: a.familyCount, required: a.requiredFamilyCount }),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('attributes.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (a) => <EditDeleteButtons code={a.code} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={attributes}
      tableClassName="min-w-[48rem]"
      rowProps={(a) => ({ 'data-testid': `attribute-row-${a.code}` })}
    />
  );
}
