import { Pencil, Trash2 } from 'lucide-react';
import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay, localText } from '../format';
import { formatMoney } from '../money';
import { useFeeRules, type FeeRule } from '../payment-management-api';
import { basisPointsToPercent } from './fee-rule-dialog';

/** The organization's fee rules, each with what it charges and when it is in force. */
export function FeeRulesTable({
  currency,
  onEdit,
  onDelete,
}: {
  currency: string | null;
  onEdit: (rule: FeeRule) => void;
  onDelete: (rule: FeeRule) => void;
}) {
  const { t, language } = useI18n();
  const rules = useFeeRules();
  const money = (n: number) => formatMoney(n, currency, language);
  const charge = (r: FeeRule) =>
    r.kind === 'sales_percentage'
      ? t('pay.rule.salesCharge', { rate: basisPointsToPercent(r.rateBasisPoints), minimum: money(r.minimumAmount) })
      : t(`pay.rule.charge.${r.kind}`, { amount: money(r.amount) });
  const validity = (r: FeeRule) =>
    r.validTo
      ? t('pay.rule.validRange', { from: formatDay(r.validFrom, language), to: formatDay(r.validTo, language) })
      : t('pay.rule.validFromOn', { from: formatDay(r.validFrom, language) });

  const columns = [
    column<FeeRule>({
      id: 'name',
      header: t('pay.rule.name'),
      rowHeader: true,
      card: 'title',
      cell: (r) => localText(language, r.nameEn, r.nameAr),
    }),
    column<FeeRule>({ id: 'kind', header: t('pay.rule.kind'), card: 'field', cell: (r) => t(`pay.ruleKind.${r.kind}`) }),
    column<FeeRule>({
      id: 'charge',
      header: t('pay.rule.charges'),
      card: 'field',
      cell: (r) => (
        <>
          {charge(r)}
          {r.categoryId && (
            <span className="block text-xs text-muted-foreground">{localText(language, r.categoryNameEn ?? '', r.categoryNameAr)}</span>
          )}
        </>
      ),
    }),
    column<FeeRule>({ id: 'valid', header: t('pay.rule.valid'), card: 'field', cell: validity }),
    column<FeeRule>({
      id: 'actions',
      header: <span className="sr-only">{t('pay.rule.actions')}</span>,
      cellClassName: 'text-end whitespace-nowrap',
      card: 'actions',
      cell: (r) => (
        <>
          <Button size="icon" variant="ghost" aria-label={t('pay.rule.edit', { name: r.nameEn })} onClick={() => onEdit(r)}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t('pay.rule.delete', { name: r.nameEn })}
            title={r.inUse ? t('pay.rule.inUse') : undefined}
            disabled={r.inUse}
            onClick={() => onDelete(r)}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </>
      ),
    }),
  ];

  return (
    <DataTable
      columns={columns}
      query={rules}
      errorLabel={t('pay.rule.failed')}
      empty={t('pay.rule.empty')}
      caption={t('pay.rule.title')}
      tableClassName="min-w-[44rem]"
    />
  );
}
