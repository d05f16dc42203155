import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../app/i18n/i18n-provider';
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
  const th = 'px-3 py-2 text-start font-medium';
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th className={th}>{t('attributes.field.code')}</th>
            <th className={th}>{t('attributes.field.nameEn')}</th>
            <th className={th}>{t('attributes.field.nameAr')}</th>
            <th className={th}>{t('attributes.field.type')}</th>
            <th className={th}>{t('attributes.col.localizable')}</th>
            <th className={th}>{t('attributes.col.families')}</th>
            <th className={th}>
              <span className="sr-only">{t('attributes.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {attributes.map((a) => (
            <tr key={a.id} className="border-t" data-testid={`attribute-row-${a.code}`}>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {a.code}
              </td>
              <td className="px-3 py-2" dir="ltr">
                {a.nameEn}
              </td>
              <td className="px-3 py-2" dir="rtl" lang="ar">
                {a.nameAr}
              </td>
              <td className="px-3 py-2">
                {t(`attributes.type.${a.type}`)}
                {a.unit && <span className="ms-1 text-muted-foreground">({a.unit.symbol})</span>}
                {a.options.length > 0 && (
                  <span className="ms-1 text-xs text-muted-foreground">{t('attributes.optionCount', { count: a.options.length })}</span>
                )}
              </td>
              <td className="px-3 py-2">{a.localizable ? t('attributes.yes') : t('attributes.no')}</td>
              <td className="px-3 py-2 tabular-nums">
                {t('attributes.familyCounts', { count: a.familyCount, required: a.requiredFamilyCount })}
              </td>
              <td className="px-3 py-2 text-end">
                <Button variant="ghost" size="icon" aria-label={t('attributes.editLabel', { code: a.code })} onClick={() => onEdit(a)}>
                  <Pencil className="size-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t('attributes.deleteLabel', { code: a.code })} onClick={() => onDelete(a)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
