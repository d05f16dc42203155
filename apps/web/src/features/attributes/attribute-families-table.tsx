import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { useI18n } from '../../app/i18n/i18n-provider';
import { EditDeleteButtons } from './attribute-row-actions';
import type { AttributeFamily } from './attributes-api';

/** Every family by code: its name and its attributes in order, the required ones marked. */
export function AttributeFamiliesTable({
  families,
  onEdit,
  onDelete,
}: {
  families: AttributeFamily[];
  onEdit: (f: AttributeFamily) => void;
  onDelete: (f: AttributeFamily) => void;
}) {
  const { t, language } = useI18n();
  const columns: ColumnDef<AttributeFamily>[] = [
    column({
      id: 'code',
      header: t('attributes.field.code'),
      card: 'title',
      cellClassName: 'font-mono text-xs',
      cellProps: { dir: 'ltr' },
      cell: (f) => f.code,
    }),
    column({ id: 'name', header: t('attributes.field.name'), card: 'field', cell: (f) => (language === 'ar' ? f.nameAr : f.nameEn) }),
    column({
      id: 'members',
      header: t('attributes.families.members'),
      card: 'field',
      cell: (f) => (
        <>
          {f.attributes.length === 0 && <span className="text-muted-foreground">{t('attributes.families.none')}</span>}
          <ul className="flex flex-wrap gap-1">
            {f.attributes.map((a) => (
              <li key={a.attributeId} className={`rounded border px-1.5 py-0.5 text-xs ${a.required ? 'border-primary font-medium' : ''}`}>
                {language === 'ar' ? a.nameAr : a.nameEn}
                {a.required && (
                  <span className="ms-0.5 text-primary" title={t('attributes.families.required')}>
                    *
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('attributes.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end whitespace-nowrap',
      cell: (f) => <EditDeleteButtons code={f.code} onEdit={() => onEdit(f)} onDelete={() => onDelete(f)} />,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={families}
      tableClassName="min-w-[40rem]"
      rowProps={(f) => ({ 'data-testid': `family-row-${f.code}`, className: 'align-top' })}
    />
  );
}
