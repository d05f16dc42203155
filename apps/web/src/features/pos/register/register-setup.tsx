import { isPosManager, posRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { Me } from '../../../app/session/kept-me';
import { useMe } from '../../../app/session/use-me';
import { api, ApiError } from '../../../lib/api';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { formatMoney, minorDigits, MoneyField, toMajorInput, toMinor } from '../../payment-management';
import type { Register, Session } from './register-storage';

export const sessionKeys = {
  open: (registerId: string) => ['pos', 'sessions', registerId, 'open'] as const,
  closed: (registerId: string) => ['pos', 'sessions', registerId, 'closed'] as const,
};

/**
 * Whether the signed-in user may sell at a register, as the server decides: it names no cashiers, or names the user,
 * or the user is a manager. Before the user is known the answer is yes (the server refuses a register all the same).
 */
export function mayUseRegister(register: Pick<Register, 'cashierIds'>, me: Pick<Me, 'user' | 'effectiveRole'> | undefined): boolean {
  // A register kept on the device before registers named cashiers has no list: everyone.
  const ids = (register.cashierIds as string[] | undefined) ?? [];
  return !me || ids.length === 0 || isPosManager(me.effectiveRole) || ids.includes(me.user.id);
}

/** The active registers the user may sell at, as large buttons; the choice is remembered by the page. */
export function RegisterPicker({
  registers,
  currency,
  onPick,
}: {
  registers: UseQueryResult<Register[]>;
  currency: string | null;
  onPick: (register: Register) => void;
}) {
  const { t, language } = useI18n();
  const me = useMe();
  const all = registers.data ?? [];
  const list = all.filter((r) => mayUseRegister(r, me.data));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="pos-pick-title">
      <h2 id="pos-pick-title" className="text-lg font-semibold">
        {t('posRegister.pick.title')}
      </h2>
      {registers.isPending && registers.fetchStatus === 'paused' && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('posRegister.pick.offline')}
        </p>
      )}
      <ListState
        loading={registers.isPending && registers.fetchStatus !== 'paused'}
        error={registers.error}
        empty={registers.isSuccess && list.length === 0}
        loadingLabel={t('posRegister.pick.loading')}
        errorLabel={t('posRegister.pick.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void registers.refetch()}
        emptyContent={
          all.length ? (
            <span data-testid="pos-pick-not-cashier">{t('posRegister.pick.notCashier')}</span>
          ) : (
            <span>
              {t('posRegister.pick.empty')}{' '}
              <Link className="font-medium text-primary underline" to="/pos/management">
                {t('posRegister.pick.manage')}
              </Link>
            </span>
          )
        }
      />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => onPick(r)}
              className="flex min-h-24 w-full flex-col items-start gap-1 rounded-lg border bg-card p-4 text-start hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex items-center gap-2 text-base font-semibold">
                <MonitorSmartphone className="size-4" aria-hidden />
                {r.name}
              </span>
              {r.locationId && (
                <span className="text-sm text-muted-foreground">{(language === 'ar' ? r.locationNameAr : r.locationNameEn) ?? ''}</span>
              )}
              <span className="text-xs text-muted-foreground">
                {t('posRegister.pick.float', { amount: formatMoney(r.openingFloat, currency, language) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Opening a session by counting the float: suggested from the cash counted when the register's last session
 * closed, else the register's default float.
 */
export function OpenSessionForm({
  register,
  currency,
  onOpened,
  onAlreadyOpen,
}: {
  register: Register;
  currency: string | null;
  onOpened: (session: Session) => void;
  onAlreadyOpen: () => void;
}) {
  const { t, language } = useI18n();
  const digits = minorDigits(currency);
  const closed = useQuery({
    queryKey: sessionKeys.closed(register.id),
    queryFn: () => api(posRoutes.listSessions, { query: { registerId: register.id, status: 'closed' } }),
  });
  const lastCount = closed.data?.[0]?.closing?.find((c) => c.tender === 'cash')?.counted;
  const suggested = lastCount ?? register.openingFloat;
  const [typed, setTyped] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const value = typed ?? toMajorInput(suggested, digits);
  const open = useMutation({
    mutationFn: (openingFloat: number) =>
      api(posRoutes.openSession, { body: { registerId: register.id, openingFloat, ...(note.trim() ? { note: note.trim() } : {}) } }),
    onSuccess: onOpened,
    onError: (e) => {
      // Another tab or device opened it meanwhile: continue that session.
      if (e instanceof ApiError && e.status === 409 && fieldError(e, 'registerId')) onAlreadyOpen();
    },
  });

  const submit = () => {
    const amount = toMinor(value, digits);
    if (amount === null || amount < 0) return setLocalError(t('posRegister.open.floatInvalid'));
    setLocalError(undefined);
    open.mutate(amount);
  };

  return (
    <form
      className="flex max-w-md flex-col gap-4 rounded-lg border bg-card p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div>
        <h2 className="text-lg font-semibold">{t('posRegister.open.title', { name: register.name })}</h2>
        <p className="text-sm text-muted-foreground">{t('posRegister.open.intro')}</p>
      </div>
      <MoneyField
        label={t('posRegister.open.float')}
        currency={currency}
        value={value}
        onValueChange={setTyped}
        error={localError ?? fieldError(open.error, 'openingFloat')}
        hint={
          closed.isPending
            ? t('posRegister.open.checking')
            : lastCount !== undefined
              ? t('posRegister.open.fromLastCount', { amount: formatMoney(lastCount, currency, language) })
              : t('posRegister.open.fromRegister', { amount: formatMoney(register.openingFloat, currency, language) })
        }
      />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('posRegister.open.note')}</span>
        <input
          className="h-9 rounded-md border bg-background px-3"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {open.error && !fieldError(open.error, 'openingFloat') && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {errorMessage(t, open.error)}
        </p>
      )}
      <Button type="submit" className="h-11" disabled={open.isPending}>
        {open.isPending ? t('posRegister.open.opening') : t('posRegister.open.submit')}
      </Button>
    </form>
  );
}
