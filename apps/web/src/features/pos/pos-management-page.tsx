import { MoreHorizontal, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { tabTriggerClass, useTabParam } from '../../components/ui/tabs';
import { useState } from 'react';
import { toast } from 'sonner';
import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatMoney, useBaseCurrency } from '../payment-management';
import { cashierName } from './cashiers-field';
import { DiscountLimitsTab } from './discount-limits-tab';
import { useCashiers, useRegisters, useSaveRegister, type PosCashier, type PosRegister, type RegisterFilter } from './pos-api';
import { RegisterFormDialog } from './register-form-dialog';
import { CommissionRulesTab } from './reports/commission-rules-tab';
import { SettlementTab } from './reports/settlement-tab';

const TABS = ['registers', 'commission', 'settlement', 'discounts'] as const;

/**
 * POS Management: registers, commission rules, settlement with vendors (payouts) and the discount limits of the
 * staff roles, one tab each (?tab=).
 */
export default function PosManagementPage() {
  const { t } = useI18n();
  const [tab, setTab] = useTabParam(TABS);
  const currency = useBaseCurrency();
  const code = currency.data ?? null;
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.posManagement')}</h1>
      </header>
      {currency.isSuccess && !code && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('pos.registers.noCurrency')}
        </p>
      )}
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('pos.tabList')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabTriggerClass}>
              {t(`pos.tab.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="registers" className="min-w-0 outline-none">
          <RegistersTab currency={code} />
        </Tabs.Content>
        <Tabs.Content value="commission" className="min-w-0 outline-none">
          <CommissionRulesTab currency={code} />
        </Tabs.Content>
        <Tabs.Content value="settlement" className="min-w-0 outline-none">
          <SettlementTab currency={code} />
        </Tabs.Content>
        <Tabs.Content value="discounts" className="min-w-0 outline-none">
          <DiscountLimitsTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

/** The organization's registers, added, changed, archived and restored here. */
function RegistersTab({ currency: code }: { currency: string | null }) {
  const { t, language } = useI18n();
  const [status, setStatus] = useState<RegisterFilter>('active');
  const list = useRegisters(status);
  const save = useSaveRegister();
  const cashiers = useCashiers();
  const [editing, setEditing] = useState<{ open: boolean; register: PosRegister | null }>({ open: false, register: null });
  const add = () => setEditing({ open: true, register: null });

  const toggleArchived = (r: PosRegister) =>
    save.mutate(
      { id: r.id, body: { status: r.status === 'active' ? 'archived' : 'active' }, expectedUpdatedAt: r.updatedAt },
      {
        onSuccess: () =>
          toast.success(t(r.status === 'active' ? 'pos.registers.toast.archived' : 'pos.registers.toast.restored', { name: r.name })),
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );

  const columns: ColumnDef<PosRegister>[] = [
    column({
      id: 'name',
      header: t('pos.registers.col.name'),
      rowHeader: true,
      card: 'title',
      cell: (r) => (
        <button type="button" className="text-start font-medium hover:underline" onClick={() => setEditing({ open: true, register: r })}>
          {r.name}
        </button>
      ),
    }),
    column({
      id: 'location',
      header: t('pos.registers.col.location'),
      card: 'field',
      cell: (r) =>
        r.locationId ? (
          ((language === 'ar' ? r.locationNameAr : r.locationNameEn) ?? '')
        ) : (
          <span className="text-muted-foreground">{t('pos.registers.noLocation')}</span>
        ),
    }),
    column({
      id: 'float',
      header: t('pos.registers.col.float'),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (r) => formatMoney(r.openingFloat, code, language),
    }),
    column({
      id: 'tenders',
      header: t('pos.registers.col.tenders'),
      card: 'field',
      cell: (r) => (
        <ul className="flex flex-wrap gap-1">
          {r.tenders.map((k) => (
            <li key={k} className="rounded-full bg-muted px-2 py-0.5 text-xs">
              {t(`pos.tender.${k}`)}
            </li>
          ))}
        </ul>
      ),
    }),
    column({
      id: 'cashiers',
      header: t('pos.registers.col.cashiers'),
      card: 'field',
      cell: (r) => <RegisterCashiers ids={r.cashierIds} staff={cashiers.data} />,
    }),
    column({
      id: 'status',
      header: t('pos.registers.col.status'),
      card: 'field',
      cell: (r) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.status === 'active' ? 'bg-emerald-100 text-emerald-800' : 'bg-muted text-muted-foreground'}`}
        >
          {t(`pos.registers.status.${r.status}`)}
        </span>
      ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('pos.registers.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (r) => (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('pos.registers.rowActions', { name: r.name })}>
              <MoreHorizontal className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => setEditing({ open: true, register: r })}>{t('pos.registers.edit')}</MenuItem>
            <MenuItem onSelect={() => toggleArchived(r)}>
              {r.status === 'active' ? t('pos.registers.archive') : t('pos.registers.restore')}
            </MenuItem>
          </MenuContent>
        </Menu>
      ),
    }),
  ];

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('pos.registers.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('pos.registers.subtitle')}</p>
        </div>
        <Button onClick={add}>
          <Plus className="size-4" aria-hidden />
          {t('pos.registers.add')}
        </Button>
      </header>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="register-status" className="font-medium">
          {t('pos.registers.show')}
        </label>
        <select
          id="register-status"
          className="h-9 rounded-md border bg-background px-2"
          value={status}
          onChange={(e) => setStatus(e.target.value as RegisterFilter)}
        >
          {(['active', 'archived', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`pos.registers.filter.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        columns={columns}
        query={list}
        errorLabel={t('pos.registers.loadFailed')}
        empty={
          status === 'archived' ? (
            t('pos.registers.emptyArchived')
          ) : (
            <div className="flex flex-col items-center gap-3">
              <span>{t('pos.registers.empty')}</span>
              <Button size="sm" onClick={add}>
                {t('pos.registers.add')}
              </Button>
            </div>
          )
        }
        tableClassName="min-w-[52rem]"
      />
      <RegisterFormDialog
        open={editing.open}
        register={editing.register}
        currency={code}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />
    </div>
  );
}

/** Who may use a register: "All staff" when it names nobody, else the first few names and how many more. */
function RegisterCashiers({ ids, staff }: { ids: string[]; staff: PosCashier[] | undefined }) {
  const { t } = useI18n();
  if (!ids.length) return <span className="text-muted-foreground">{t('pos.registers.cashiers.all')}</span>;
  const named = ids.flatMap((id) => {
    const c = staff?.find((s) => s.userId === id);
    return c ? [{ id, name: cashierName(c) }] : [];
  });
  // Before the staff list arrives (or when it fails), the number of cashiers says enough.
  if (!named.length) return <span>{t('pos.registers.cashiers.count', { count: ids.length })}</span>;
  const shown = named.slice(0, 3);
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((c) => (
        <li key={c.id} className="rounded-full bg-muted px-2 py-0.5 text-xs">
          <bdi>{c.name}</bdi>
        </li>
      ))}
      {ids.length > shown.length && (
        <li className="px-1 py-0.5 text-xs text-muted-foreground">
          {t('pos.registers.cashiers.more', { count: ids.length - shown.length })}
        </li>
      )}
    </ul>
  );
}
