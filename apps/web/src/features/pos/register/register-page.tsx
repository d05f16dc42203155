import { posRoutes } from '@market/contracts/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMe } from '../../../app/session/use-me';
import { api } from '../../../lib/api';
import { useBaseCurrency } from '../../payment-management';
import { useRegisters } from '../pos-api';
import { browserServices, RegisterServicesProvider, type RegisterServices } from './register-services';
import { mayUseRegister, OpenSessionForm, RegisterPicker, sessionKeys } from './register-setup';
import { registerStorage, type Register, type Session } from './register-storage';
import { SellScreen } from './sell-screen';
import { useOnline } from './use-online';

/**
 * POS Register: choose a register, open or continue its session, then sell. The register, its session and the
 * sales not sent yet are kept on the device, so a cashier goes on selling through a lost connection and a reload.
 * `services` is for tests (memory storage); the app uses IndexedDB, Web Locks and a BroadcastChannel.
 */
export default function RegisterPage({ services }: { services?: RegisterServices }) {
  return (
    <RegisterServicesProvider services={services ?? browserServices()}>
      <RegisterFlow />
    </RegisterServicesProvider>
  );
}

/** The organization's currency: the server's when it answers, else the one last seen on this device. */
function useCurrencyCode(): string | null {
  const base = useBaseCurrency();
  useEffect(() => {
    if (base.data) registerStorage.saveCurrency(base.data);
  }, [base.data]);
  return base.data ?? registerStorage.currency();
}

function RegisterFlow() {
  const { t } = useI18n();
  const registers = useRegisters('active');
  const me = useMe();
  const currency = useCurrencyCode();
  const [chosen, setChosen] = useState<Register | null>(() => registerStorage.register());
  // The server's copy of the chosen register once it answers (its receipt texts, tenders and cashiers may have changed).
  const current = registers.data?.find((r) => r.id === chosen?.id) ?? chosen;
  // Archived or removed since it was chosen, or no longer one this user may use (taken off its cashiers, another user).
  const gone =
    !!chosen &&
    ((registers.isSuccess && !registers.data.some((r) => r.id === chosen.id)) || (!!current && !mayUseRegister(current, me.data)));

  useEffect(() => {
    if (gone) {
      // Choose again.
      registerStorage.saveRegister(null);
      setChosen(null);
    } else if (current && current !== chosen) registerStorage.saveRegister(current);
  }, [gone, current, chosen]);

  const pick = (r: Register | null) => {
    registerStorage.saveRegister(r);
    setChosen(r);
  };

  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('posRegister.title')}</h1>
        {!current && <p className="text-sm text-muted-foreground">{t('posRegister.subtitle')}</p>}
      </header>
      {current && !gone ? (
        <RegisterSession key={current.id} register={current} currency={currency} onChangeRegister={() => pick(null)} />
      ) : (
        <RegisterPicker registers={registers} currency={currency} onPick={pick} />
      )}
    </section>
  );
}

/** The register's open session: the server's, or the one kept on the device while the server cannot be asked. */
function RegisterSession({
  register,
  currency,
  onChangeRegister,
}: {
  register: Register;
  currency: string | null;
  onChangeRegister: () => void;
}) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const online = useOnline();
  const open = useQuery({
    queryKey: sessionKeys.open(register.id),
    queryFn: () => api(posRoutes.listSessions, { query: { registerId: register.id, status: 'open' } }),
  });
  const [kept, setKept] = useState<Session | null>(() => registerStorage.session(register.id));
  const fromServer = open.data?.[0];
  // The server says: this session, or none open (closed meanwhile). Without its answer, the kept one.
  const session = open.isSuccess ? (fromServer ?? null) : kept;

  useEffect(() => {
    if (!open.isSuccess) return;
    registerStorage.saveSession(fromServer ?? null);
    setKept(fromServer ?? null);
  }, [open.isSuccess, fromServer]);

  const opened = (s: Session) => {
    registerStorage.saveSession(s);
    setKept(s);
    qc.setQueryData(sessionKeys.open(register.id), [s]);
  };

  if (session) return <SellScreen register={register} session={session} currency={currency} onChangeRegister={onChangeRegister} />;
  if (open.isSuccess)
    return (
      <div className="flex flex-col gap-3">
        <OpenSessionForm
          register={register}
          currency={currency}
          onOpened={opened}
          onAlreadyOpen={() => void qc.invalidateQueries({ queryKey: sessionKeys.open(register.id) })}
        />
        <button type="button" className="self-start text-sm text-primary underline" onClick={onChangeRegister}>
          {t('posRegister.changeRegister')}
        </button>
      </div>
    );
  if (!online || open.isError)
    return (
      <ListState
        loading={false}
        error={open.error ?? new Error(t('posRegister.session.offline'))}
        empty={false}
        loadingLabel=""
        errorLabel={t('posRegister.session.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void open.refetch()}
        emptyContent={null}
      />
    );
  return <PageSkeleton label={t('posRegister.session.loading')} />;
}
