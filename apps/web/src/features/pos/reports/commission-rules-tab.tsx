import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { numberFormat } from '../../../app/i18n/locale-format';
import { errorMessage } from '../../../lib/api-errors';
import { formatMoney } from '../../payment-management';
import { CommissionRuleDialog } from './commission-rule-dialog';
import { useCommissionRules, useDeleteCommissionRule, type CommissionRule } from './settlement-api';

/** Commission rules, most specific first (the server's order): each line sold takes the first rule that fits it. */
export function CommissionRulesTab({ currency }: { currency: string | null }) {
  const { t, language } = useI18n();
  const rules = useCommissionRules();
  const remove = useDeleteCommissionRule();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CommissionRule | null>(null);

  const vendorOf = (r: CommissionRule) => r.vendorName ?? t('posReports.commission.anyVendor');
  const categoryOf = (r: CommissionRule) =>
    r.categoryId
      ? ((language === 'ar' ? r.categoryNameAr : r.categoryNameEn) ?? r.categoryNameEn ?? '')
      : t('posReports.commission.anyCategory');
  const money = (n: number) => formatMoney(n, currency, language);
  const describe = (r: CommissionRule) => {
    if (r.kind === 'flat') return t('posReports.commission.flat', { amount: money(r.amount) });
    const rate = numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(r.rateBasisPoints / 10_000);
    const parts = [t('posReports.commission.rate', { rate })];
    if (r.minimum > 0) parts.push(t('posReports.commission.minimum', { amount: money(r.minimum) }));
    if (r.maximum !== null) parts.push(t('posReports.commission.maximum', { amount: money(r.maximum) }));
    return parts.join(' · ');
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('posReports.commission.deleted'));
        setDeleting(null);
      },
    });
  };

  const columns: ColumnDef<CommissionRule>[] = [
    column({
      id: 'vendor',
      header: t('posReports.commission.col.vendor'),
      rowHeader: true,
      card: 'title',
      cell: (r) => <bdi>{vendorOf(r)}</bdi>,
    }),
    column({ id: 'category', header: t('posReports.commission.col.category'), card: 'field', cell: (r) => <bdi>{categoryOf(r)}</bdi> }),
    column({
      id: 'commission',
      header: t('posReports.commission.col.commission'),
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: describe,
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('posReports.commission.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (r) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('posReports.commission.deleteLabel', { vendor: vendorOf(r), category: categoryOf(r) })}
          onClick={() => {
            remove.reset();
            setDeleting(r);
          }}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ),
    }),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{t('posReports.commission.subtitle')}</p>
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden />
          {t('posReports.commission.add')}
        </Button>
      </div>
      <DataTable
        columns={columns}
        query={rules}
        errorLabel={t('posReports.commission.loadFailed')}
        empty={t('posReports.commission.empty')}
        caption={t('posReports.commission.title')}
        tableClassName="min-w-[40rem]"
        testId="commission-rules"
      />
      {adding && <CommissionRuleDialog currency={currency} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('posReports.commission.confirmTitle')}
        message={deleting ? t('posReports.commission.confirmMessage', { vendor: vendorOf(deleting), category: categoryOf(deleting) }) : ''}
        confirmLabel={t('posReports.commission.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
