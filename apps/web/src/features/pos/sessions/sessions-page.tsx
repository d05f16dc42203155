import { POS_SESSION_STATUSES, type PosSessionStatus } from '@market/contracts/plain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useRegisters } from '../pos-api';
import { CashMoveDialog } from './cash-move-dialog';
import { CloseSessionDialog } from './close-session-dialog';
import { HeldSales } from './held-sales';
import { OpenSessionDialog } from './open-session-dialog';
import { useMoney } from './pos-format';
import { ReportDialog } from './report-dialog';
import { sessionColumns, type SessionAction } from './sessions-columns';
import { useSessions, type SessionFilters } from './sessions-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const selectClass = 'h-9 max-w-56 rounded-md border bg-background px-2 text-sm';

type Dialog = SessionAction | { kind: 'open' } | null;

/**
 * POS Sessions: every register's cash sessions, newest first. A manager opens a session by counting its float,
 * moves cash in and out with a reason, reads the X report, and closes it by counting each tender (the Z report
 * follows). Sales held because their register had no open session are listed below.
 */
export default function SessionsPage() {
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  // A link may name a register (?register=<id>); anything else there is ignored.
  const [filters, setFilters] = useState<SessionFilters>(() => {
    const register = params.get('register') ?? '';
    return { registerId: UUID.test(register) ? register : '', status: '' };
  });
  const sessions = useSessions(filters);
  const allRegisters = useRegisters('all');
  const { code, money } = useMoney(language);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const registers = allRegisters.data ?? [];
  const active = registers.filter((r) => r.status === 'active');
  // Which registers have an open session: from an unfiltered look at the open ones when the list is filtered.
  const openNow = useSessions({ registerId: '', status: 'open' });
  const busy = new Set((openNow.data ?? []).map((s) => s.registerId));
  const tendersOf = (registerId: string) => registers.find((r) => r.id === registerId)?.tenders ?? [];
  const columns = sessionColumns(t, language, money, setDialog);

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.posSessions')}</h1>
          <p className="text-sm text-muted-foreground">{t('posSessions.subtitle')}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'open' })} disabled={!allRegisters.data}>
          <Plus className="size-4" aria-hidden />
          {t('posSessions.open.action')}
        </Button>
      </header>
      <div className="flex flex-wrap items-center gap-2" role="search">
        <select
          className={selectClass}
          aria-label={t('posSessions.filter.register')}
          value={filters.registerId}
          onChange={(e) => setFilters((f) => ({ ...f, registerId: e.target.value }))}
        >
          <option value="">{t('posSessions.filter.allRegisters')}</option>
          {registers.map((r) => (
            <option key={r.id} value={r.id}>
              {r.status === 'archived' ? t('posSessions.filter.archivedRegister', { name: r.name }) : r.name}
            </option>
          ))}
        </select>
        <select
          className={selectClass}
          aria-label={t('posSessions.filter.status')}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as PosSessionStatus | '' }))}
        >
          <option value="">{t('posSessions.filter.allStatuses')}</option>
          {POS_SESSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`posSessions.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        columns={columns}
        query={sessions}
        errorLabel={t('posSessions.loadFailed')}
        empty={filters.registerId || filters.status ? t('posSessions.emptyFiltered') : t('posSessions.empty')}
        caption={t('route.posSessions')}
        tableClassName="min-w-[64rem]"
        rowProps={(s) => ({ 'data-testid': `session-${s.id}` })}
      />
      <HeldSales money={money} />
      {dialog?.kind === 'open' && <OpenSessionDialog registers={active} busy={busy} currency={code} onClose={close} />}
      {dialog?.kind === 'cash' && <CashMoveDialog session={dialog.session} kind={dialog.move} currency={code} onClose={close} />}
      {dialog?.kind === 'close' && (
        <CloseSessionDialog
          session={dialog.session}
          tenders={tendersOf(dialog.session.registerId)}
          currency={code}
          onClose={close}
          onClosed={() => setDialog({ kind: 'report', sessionId: dialog.session.id })}
        />
      )}
      {dialog?.kind === 'report' && <ReportDialog sessionId={dialog.sessionId} onClose={close} />}
    </section>
  );
}
