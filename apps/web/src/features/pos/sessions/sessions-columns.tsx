import { column, type ColumnDef } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import type { Translate } from '../../../lib/api-errors';
import { formatMoment } from './pos-format';
import type { PosSession } from './sessions-api';

export type SessionAction =
  | { kind: 'cash'; session: PosSession; move: 'in' | 'out' }
  | { kind: 'close'; session: PosSession }
  | { kind: 'report'; sessionId: string };

/** Who and when, on two lines. */
function Moment({ at, by, language }: { at: string | null; by: string | null; language: string }) {
  if (!at) return null;
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap">{formatMoment(at, language)}</span>
      {by && <span className="text-xs text-muted-foreground">{by}</span>}
    </span>
  );
}

/** The differences counted at the close, per tender that did not match (or "none"). */
function Differences({ s, t, money }: { s: PosSession; t: Translate; money: (n: number) => string }) {
  if (!s.closing) return <span className="text-muted-foreground">—</span>;
  const off = s.closing.filter((c) => c.difference !== 0);
  if (off.length === 0) return <span className="text-emerald-700">{t('posSessions.balanced')}</span>;
  return (
    <ul className="flex flex-col">
      {off.map((c) => (
        <li key={c.tender} className={c.difference < 0 ? 'text-destructive' : 'text-amber-700'}>
          {t(`pos.tender.${c.tender}`)} {money(c.difference)}
        </li>
      ))}
    </ul>
  );
}

/** The sessions table: what each session did, and what can be done with it (an open one's cash, report and close). */
export function sessionColumns(
  t: Translate,
  language: string,
  money: (n: number) => string,
  act: (a: SessionAction) => void,
): ColumnDef<PosSession>[] {
  const amount = (id: string, header: string, value: (s: PosSession) => number, card = false) =>
    column<PosSession>({
      id,
      header,
      align: 'end',
      cellClassName: 'tabular-nums',
      ...(card ? { card: 'field' as const } : {}),
      cell: (s) => money(value(s)),
    });
  return [
    column<PosSession>({
      id: 'register',
      header: t('posSessions.col.register'),
      rowHeader: true,
      card: 'title',
      cellClassName: 'font-medium',
      cell: (s) => s.registerName,
    }),
    column<PosSession>({
      id: 'status',
      header: t('posSessions.col.status'),
      card: 'field',
      cell: (s) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.status === 'open' ? 'bg-emerald-100 text-emerald-800' : 'bg-muted text-muted-foreground'}`}
        >
          {t(`posSessions.status.${s.status}`)}
        </span>
      ),
    }),
    column<PosSession>({
      id: 'opened',
      header: t('posSessions.col.opened'),
      card: 'field',
      cell: (s) => <Moment at={s.openedAt} by={s.openedByName} language={language} />,
    }),
    column<PosSession>({
      id: 'sales',
      header: t('posSessions.col.sales'),
      align: 'end',
      cellClassName: 'tabular-nums',
      card: 'field',
      cell: (s) => `${s.saleCount} / ${s.returnCount}`,
    }),
    amount('gross', t('posSessions.col.gross'), (s) => s.grossSales, true),
    amount('returns', t('posSessions.col.returns'), (s) => s.returns),
    amount('expectedCash', t('posSessions.col.expectedCash'), (s) => s.expectedCash, true),
    column<PosSession>({
      id: 'closed',
      header: t('posSessions.col.closed'),
      card: 'field',
      cell: (s) => <Moment at={s.closedAt} by={s.closedByName} language={language} />,
    }),
    column<PosSession>({
      id: 'differences',
      header: t('posSessions.col.differences'),
      card: 'field',
      cell: (s) => <Differences s={s} t={t} money={money} />,
    }),
    column<PosSession>({
      id: 'actions',
      header: <span className="sr-only">{t('posSessions.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (s) => (
        <div className="flex flex-wrap justify-end gap-1">
          {s.status === 'open' ? (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => act({ kind: 'cash', session: s, move: 'in' })}
                aria-label={t('posSessions.action.cashOf', { register: s.registerName })}
              >
                {t('posSessions.action.cash')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => act({ kind: 'report', sessionId: s.id })}
                aria-label={t('posSessions.action.xOf', { register: s.registerName })}
              >
                {t('posSessions.action.x')}
              </Button>
              <Button
                size="sm"
                onClick={() => act({ kind: 'close', session: s })}
                aria-label={t('posSessions.action.closeOf', { register: s.registerName })}
              >
                {t('posSessions.action.close')}
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => act({ kind: 'report', sessionId: s.id })}
              aria-label={t('posSessions.action.zOf', { register: s.registerName })}
            >
              {t('posSessions.action.z')}
            </Button>
          )}
        </div>
      ),
    }),
  ];
}
