import { MARKET_POLICY_LIMITS } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { FormError } from '../components/form-bits';
import { useMarketPolicies, type MarketPolicies } from '../payment-management-api';
import { useSavePolicies } from '../payment-management-mutations';
import { basisPointsToPercent, percentToBasisPoints } from './fee-rule-dialog';

type Whole = 'depositDueDays' | 'balanceDueDaysBefore' | 'refundWindowDays' | 'offerHours';
const WHOLE: Whole[] = ['depositDueDays', 'balanceDueDaysBefore', 'refundWindowDays', 'offerHours'];
const FIELDS = ['depositBasisPoints', ...WHOLE];

/** The market policy: the deposit share and when it is due, when the balance is due, the refund window, offer hours. */
export function PolicyForm() {
  const { t } = useI18n();
  const policies = useMarketPolicies();
  const save = useSavePolicies();
  const [deposit, setDeposit] = useState('');
  const [whole, setWhole] = useState<Record<Whole, string>>({
    depositDueDays: '',
    balanceDueDaysBefore: '',
    refundWindowDays: '',
    offerHours: '',
  });
  const [checks, setChecks] = useState<Record<string, string>>({});
  const fill = (p: MarketPolicies) => {
    setDeposit(basisPointsToPercent(p.depositBasisPoints));
    setWhole(Object.fromEntries(WHOLE.map((k) => [k, String(p[k])])) as Record<Whole, string>);
  };
  const loaded = policies.data;
  useEffect(() => {
    if (loaded) fill(loaded);
  }, [loaded]);

  if (!loaded) {
    return (
      <ListState
        loading={policies.isPending}
        error={policies.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('pay.policy.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void policies.refetch()}
        emptyContent={null}
      />
    );
  }

  const submit = () => {
    const found: Record<string, string> = {};
    const bp = percentToBasisPoints(deposit);
    if (bp === null || bp > 10000) found.depositBasisPoints = t('pay.check.percent');
    const values = {} as Record<Whole, number>;
    for (const k of WHOLE) {
      const n = /^\d{1,4}$/.test(whole[k].trim()) ? Number(whole[k]) : NaN;
      const { min, max } = MARKET_POLICY_LIMITS[k];
      if (!(n >= min && n <= max)) found[k] = t('pay.check.between', { min, max });
      values[k] = n;
    }
    setChecks(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { depositBasisPoints: bp!, ...values, expectedUpdatedAt: loaded.updatedAt },
      { onSuccess: () => toast.success(t('pay.policy.saved')) },
    );
  };
  const err = (k: string) => checks[k] ?? fieldError(save.error, k);

  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-labelledby="policy-title"
      data-testid="policy-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="sm:col-span-2 lg:col-span-3">
        <h3 id="policy-title" className="font-medium">
          {t('pay.policy.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('pay.policy.description')}</p>
      </div>
      <TextField
        label={t('pay.policy.deposit')}
        hint={t('pay.policy.depositHint')}
        value={deposit}
        onValueChange={setDeposit}
        inputMode="decimal"
        dir="ltr"
        error={err('depositBasisPoints')}
      />
      {WHOLE.map((k) => (
        <TextField
          key={k}
          label={t(`pay.policy.${k}`)}
          value={whole[k]}
          onValueChange={(v) => setWhole((w) => ({ ...w, [k]: v }))}
          inputMode="numeric"
          dir="ltr"
          error={err(k)}
        />
      ))}
      {save.error != null && !hasFieldErrors(save.error, FIELDS) && <FormError>{errorMessage(t, save.error)}</FormError>}
      <div className="flex justify-end sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('pay.saving') : t('pay.policy.save')}
        </Button>
      </div>
    </form>
  );
}
