import { FEE_RULE_KINDS, type FeeRuleKind } from '@market/contracts/plain';
import { useState } from 'react';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { FormError, MoneyField, SelectField } from '../components/form-bits';
import { localText, today } from '../format';
import { minorDigits, toMajorInput, toMinor } from '../money';
import { useCategoryOptions, type FeeRule } from '../payment-management-api';
import { useSaveFeeRule } from '../payment-management-mutations';

/** A percentage typed with up to two decimals as basis points (12.5 % -> 1250), by the same exact string parse as money. */
export const percentToBasisPoints = (text: string) => toMinor(text.replace('%', ''), 2);
export const basisPointsToPercent = (bp: number) => toMajorInput(bp, 2).replace(/\.?0+$/, '');

const FIELDS = ['kind', 'nameEn', 'nameAr', 'amount', 'rateBasisPoints', 'minimumAmount', 'categoryId', 'validFrom', 'validTo'];

/**
 * Adds or edits a fee rule. The fields follow the kind: an amount per day (flat, category, power), per m² per
 * day, a fine, or a share of declared sales with a minimum. Amounts are typed in the major unit and sent once
 * converted to minor units with the currency's own digits.
 */
export function FeeRuleDialog({ rule, currency, onClose }: { rule: FeeRule | null; currency: string | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const save = useSaveFeeRule();
  const categories = useCategoryOptions();
  const digits = minorDigits(currency);
  const [kind, setKind] = useState<FeeRuleKind>(rule?.kind ?? 'flat_per_day');
  const [nameEn, setNameEn] = useState(rule?.nameEn ?? '');
  const [nameAr, setNameAr] = useState(rule?.nameAr ?? '');
  const [amount, setAmount] = useState(rule ? toMajorInput(rule.amount, digits) : '');
  const [rate, setRate] = useState(rule ? basisPointsToPercent(rule.rateBasisPoints) : '');
  const [minimum, setMinimum] = useState(rule ? toMajorInput(rule.minimumAmount, digits) : '');
  const [categoryId, setCategoryId] = useState(rule?.categoryId ?? '');
  const [validFrom, setValidFrom] = useState(rule?.validFrom ?? today());
  const [validTo, setValidTo] = useState(rule?.validTo ?? '');
  const [checks, setChecks] = useState<Record<string, string>>({});
  const sales = kind === 'sales_percentage';

  const submit = () => {
    const found: Record<string, string> = {};
    if (!nameEn.trim()) found.nameEn = t('pay.check.required');
    if (!nameAr.trim()) found.nameAr = t('pay.check.required');
    const amountMinor = sales ? 0 : toMinor(amount || '0', digits);
    const rateBp = sales ? percentToBasisPoints(rate) : 0;
    const minimumMinor = sales ? toMinor(minimum || '0', digits) : 0;
    if (amountMinor === null) found.amount = t('pay.check.amountOrZero');
    if (rateBp === null || rateBp > 10000) found.rateBasisPoints = t('pay.check.percent');
    if (minimumMinor === null) found.minimumAmount = t('pay.check.amountOrZero');
    if (kind === 'category' && !categoryId) found.categoryId = t('pay.check.required');
    if (!validFrom) found.validFrom = t('pay.check.required');
    if (validTo && validFrom && validTo < validFrom) found.validTo = t('pay.check.validTo');
    setChecks(found);
    if (Object.keys(found).length) return;
    const body = {
      nameEn: nameEn.trim(),
      nameAr: nameAr.trim(),
      ...(sales ? { rateBasisPoints: rateBp!, minimumAmount: minimumMinor! } : { amount: amountMinor! }),
      categoryId: kind === 'category' ? categoryId : null,
      validFrom,
      validTo: validTo || null,
    };
    save.mutate(rule ? { id: rule.id, body, expectedUpdatedAt: rule.updatedAt } : { body: { ...body, kind } }, { onSuccess: onClose });
  };

  const err = (name: string) => checks[name] ?? fieldError(save.error, name);
  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={rule ? t('pay.rule.editTitle') : t('pay.rule.newTitle')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('pay.saving') : t('pay.rule.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="fee-rule-form"
    >
      <SelectField
        label={t('pay.rule.kind')}
        value={kind}
        onValueChange={setKind}
        disabled={!!rule}
        options={FEE_RULE_KINDS.map((k) => ({ value: k, label: t(`pay.ruleKind.${k}`) }))}
        error={err('kind')}
        className="sm:col-span-2"
      />
      <TextField
        label={t('pay.rule.nameEn')}
        value={nameEn}
        onValueChange={setNameEn}
        dir="ltr"
        lang="en"
        maxLength={200}
        error={err('nameEn')}
      />
      <TextField
        label={t('pay.rule.nameAr')}
        value={nameAr}
        onValueChange={setNameAr}
        dir="rtl"
        lang="ar"
        maxLength={200}
        error={err('nameAr')}
      />
      {sales ? (
        <>
          <TextField
            label={t('pay.rule.rate')}
            value={rate}
            onValueChange={setRate}
            inputMode="decimal"
            dir="ltr"
            error={err('rateBasisPoints')}
          />
          <MoneyField
            label={t('pay.rule.minimum')}
            currency={currency}
            value={minimum}
            onValueChange={setMinimum}
            error={err('minimumAmount')}
          />
        </>
      ) : (
        <MoneyField
          label={t(`pay.rule.amount.${kind}`)}
          currency={currency}
          value={amount}
          onValueChange={setAmount}
          error={err('amount')}
        />
      )}
      {kind === 'category' && (
        <SelectField
          label={t('pay.rule.category')}
          value={categoryId}
          onValueChange={setCategoryId}
          options={[
            { value: '', label: t('pay.rule.chooseCategory') },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: localText(language, c.nameEn, c.nameAr) })),
          ]}
          error={err('categoryId')}
        />
      )}
      <TextField label={t('pay.rule.validFrom')} type="date" value={validFrom} onValueChange={setValidFrom} error={err('validFrom')} />
      <TextField
        label={t('pay.rule.validTo')}
        hint={t('pay.rule.validToHint')}
        type="date"
        value={validTo}
        onValueChange={setValidTo}
        error={err('validTo')}
      />
      <p className="text-xs text-muted-foreground sm:col-span-2">{t(`pay.ruleHint.${kind}`)}</p>
      {save.error != null && !hasFieldErrors(save.error, FIELDS) && <FormError>{errorMessage(t, save.error)}</FormError>}
    </FormDialogForm>
  );
}
