import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { localText } from '../format';
import { useBaseCurrency, type FeeRule } from '../payment-management-api';
import { useDeleteFeeRule } from '../payment-management-mutations';
import { FeeRuleDialog } from './fee-rule-dialog';
import { FeeRulesTable } from './fee-rules-table';
import { PolicyForm } from './policy-form';

/** The "Fees" tab of the market area: fee rules and the market policy. */
export default function FeesTab() {
  const { t, language } = useI18n();
  const currency = useBaseCurrency();
  const remove = useDeleteFeeRule();
  const [editing, setEditing] = useState<{ rule: FeeRule | null } | null>(null);
  const [deleting, setDeleting] = useState<FeeRule | null>(null);
  const code = currency.data ?? null;

  return (
    <section className="flex flex-col gap-4" data-testid="fees-tab">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-medium">{t('pay.rule.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('pay.rule.description')}</p>
        </div>
        <Button onClick={() => setEditing({ rule: null })}>
          <Plus className="size-4" aria-hidden />
          {t('pay.rule.new')}
        </Button>
      </div>
      {currency.isSuccess && !code && (
        <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm">
          {t('pay.fees.noCurrency')}
        </p>
      )}
      <FeeRulesTable currency={code} onEdit={(rule) => setEditing({ rule })} onDelete={setDeleting} />
      <PolicyForm />
      {editing && <FeeRuleDialog rule={editing.rule} currency={code} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => {
          if (!o) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t('pay.rule.deleteTitle')}
        message={deleting ? t('pay.rule.deleteMessage', { name: localText(language, deleting.nameEn, deleting.nameAr) }) : ''}
        confirmLabel={t('pay.rule.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, { conflict: t('pay.rule.inUse') }) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('pay.rule.deleted'));
            },
          })
        }
      />
    </section>
  );
}
