import { isPosManager, POS_STAFF_ROLES, type PosStaffRole } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { toMinor } from '../payment-management';
import { usePosSettings, useSavePosSettings, type DiscountLimit } from './pos-api';
import { percentInput } from './register/register-format';

type Texts = Record<PosStaffRole, string>;

/** The limits as the form shows them: a percentage per role, blank for no limit. */
const textsOf = (limits: readonly DiscountLimit[]): Texts =>
  Object.fromEntries(
    POS_STAFF_ROLES.map((role) => {
      const limit = limits.find((l) => l.role === role);
      return [role, limit ? percentInput(limit.maxBasisPoints) : ''];
    }),
  ) as Texts;

/** A typed percentage (0 to 100, at most two decimals) in basis points; null when it is not one. */
function percentToBasisPoints(text: string): number | null {
  const bp = toMinor(text, 2);
  return bp !== null && bp <= 10_000 ? bp : null;
}

/**
 * The largest discount each staff role may give at the register, one row per role (blank: no limit). Saved with the
 * updatedAt it was read at: when someone saved meanwhile, the limits reload and the tab says so. Only a manager
 * changes them; anyone else reads them.
 */
export function DiscountLimitsTab() {
  const { t } = useI18n();
  const me = useMe();
  const manager = !!me.data && isPosManager(me.data.effectiveRole);
  const settings = usePosSettings();
  const save = useSavePosSettings();
  // What was typed, for the version of the settings it was typed over: a reload (a save, a stale save) shows the server's.
  const [edited, setEdited] = useState<{ version: string | null; texts: Texts } | null>(null);
  const [local, setLocal] = useState<Partial<Record<PosStaffRole, string>>>({});
  // The roles of the limits last sent, in order: the server names a refused limit by its place (discountLimits.2).
  const [sent, setSent] = useState<PosStaffRole[]>([]);

  const data = settings.data;
  const texts = data && edited && edited.version === data.updatedAt ? edited.texts : textsOf(data?.discountLimits ?? []);
  const sentPaths = sent.map((_, i) => `discountLimits.${i}`);
  const errorOf = (role: PosStaffRole) => {
    const i = sent.indexOf(role);
    return local[role] ?? (i >= 0 ? fieldError(save.error, sentPaths[i]!) : undefined);
  };
  const general = save.error && !hasFieldErrors(save.error, sentPaths) ? errorMessage(t, save.error) : null;

  const type = (role: PosStaffRole, text: string) => {
    if (!data) return;
    setEdited({ version: data.updatedAt, texts: { ...texts, [role]: text } });
    setLocal(({ [role]: _, ...rest }) => rest);
  };

  const submit = () => {
    if (!data || !manager) return;
    const errors: Partial<Record<PosStaffRole, string>> = {};
    const discountLimits: DiscountLimit[] = [];
    for (const role of POS_STAFF_ROLES) {
      if (!texts[role].trim()) continue;
      const maxBasisPoints = percentToBasisPoints(texts[role]);
      if (maxBasisPoints === null) errors[role] = t('posReports.discounts.invalid');
      else discountLimits.push({ role, maxBasisPoints });
    }
    setLocal(errors);
    if (Object.keys(errors).length) return;
    setSent(discountLimits.map((l) => l.role));
    save.mutate({ discountLimits, expectedUpdatedAt: data.updatedAt }, { onSuccess: () => toast.success(t('posReports.discounts.saved')) });
  };

  const columns: ColumnDef<PosStaffRole>[] = [
    column({ id: 'role', header: t('posReports.discounts.col.role'), rowHeader: true, card: 'title', cell: (role) => t(`role.${role}`) }),
    column({
      id: 'limit',
      header: t('posReports.discounts.col.limit'),
      card: 'field',
      cell: (role) => {
        const error = errorOf(role);
        return (
          <div className="flex flex-col gap-1">
            <input
              aria-label={t('posReports.discounts.inputLabel', { role: t(`role.${role}`) })}
              aria-invalid={!!error}
              aria-describedby={error ? `discount-limit-${role}-error` : undefined}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              className={cn(fieldClass, 'w-32 read-only:bg-muted/40')}
              placeholder={t('posReports.discounts.noLimit')}
              readOnly={!manager}
              value={texts[role]}
              onChange={(e) => type(role, e.target.value)}
              data-testid={`discount-limit-${role}`}
            />
            {error && (
              <span id={`discount-limit-${role}-error`} className="text-xs text-destructive">
                {error}
              </span>
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <form
      className="flex max-w-2xl flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div>
        <h2 className="text-lg font-semibold">{t('posReports.discounts.title')}</h2>
        <p className="max-w-prose text-sm text-muted-foreground">{t('posReports.discounts.subtitle')}</p>
      </div>
      {!manager && data && (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          {t('posReports.discounts.managersOnly')}
        </p>
      )}
      <ListState
        loading={settings.isPending}
        error={settings.error}
        empty={false}
        loadingLabel={t('posReports.discounts.loading')}
        errorLabel={t('posReports.discounts.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void settings.refetch()}
        emptyContent={null}
      />
      {data && (
        <>
          <DataTable
            columns={columns}
            data={POS_STAFF_ROLES}
            getRowId={(role) => role}
            caption={t('posReports.discounts.title')}
            testId="discount-limits"
          />
          {general && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
              {general}
            </p>
          )}
          {manager && (
            <Button type="submit" className="self-start" disabled={save.isPending}>
              {save.isPending ? t('posReports.discounts.saving') : t('posReports.discounts.save')}
            </Button>
          )}
        </>
      )}
    </form>
  );
}
