import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useCashiers, type PosCashier } from './pos-api';

/** How a member of staff is named: the name, else the e-mail address. */
export const cashierName = (c: Pick<PosCashier, 'name' | 'email'>) => c.name?.trim() || c.email || '';

/** Whether two lists of user ids name the same people, in any order. */
export const sameCashiers = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Who may use a register: the staff with point-of-sale access as checkboxes (none ticked: all of them). Only a
 * manager changes it; anyone else sees it read-only. An id no longer among the staff stays listed, ticked, so a
 * manager can take it off (the server refuses to save a list naming someone without access).
 */
export function CashiersField({
  value,
  editable,
  error,
  onChange,
}: {
  value: string[];
  editable: boolean;
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const cashiers = useCashiers();
  const staff = cashiers.data ?? [];
  const gone = cashiers.isSuccess ? value.filter((v) => !staff.some((c) => c.userId === v)) : [];
  const toggle = (userId: string, on: boolean) => onChange(on ? [...value, userId] : value.filter((v) => v !== userId));
  const box = (userId: string) => (
    <input
      type="checkbox"
      className="size-4"
      checked={value.includes(userId)}
      disabled={!editable}
      onChange={(e) => toggle(userId, e.target.checked)}
    />
  );

  return (
    <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2" aria-describedby={`${id}-hint`} data-testid="register-cashiers">
      <legend className="mb-1 font-medium">{t('pos.form.cashiers')}</legend>
      {cashiers.isPending && <span className="text-xs text-muted-foreground">{t('pos.form.cashiersLoading')}</span>}
      {cashiers.isError && (
        <span role="alert" className="flex flex-wrap items-center gap-2 text-xs text-destructive">
          {t('pos.form.cashiersFailed')}
          <Button size="sm" variant="outline" onClick={() => void cashiers.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </span>
      )}
      {cashiers.isSuccess && staff.length === 0 && gone.length === 0 && (
        <span className="text-xs text-muted-foreground">{t('pos.form.cashiersEmpty')}</span>
      )}
      {(staff.length > 0 || gone.length > 0) && (
        <ul className="grid max-h-56 gap-x-4 gap-y-2 overflow-y-auto sm:grid-cols-2">
          {staff.map((c) => (
            <li key={c.userId}>
              <label className="flex items-center gap-2">
                {box(c.userId)}
                <span className="min-w-0">
                  <bdi className="break-words">{cashierName(c)}</bdi>{' '}
                  <span className="text-xs text-muted-foreground">· {t(`role.${c.role}`)}</span>
                </span>
              </label>
            </li>
          ))}
          {gone.map((userId) => (
            <li key={userId}>
              <label className="flex items-center gap-2 text-muted-foreground">
                {box(userId)}
                {t('pos.form.cashierNoAccess')}
              </label>
            </li>
          ))}
        </ul>
      )}
      <span id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('pos.form.cashiersHint')}
        {!editable && <> {t('pos.form.cashiersManagersOnly')}</>}
      </span>
      {error && <span className="text-xs text-destructive">{error}</span>}
    </fieldset>
  );
}
