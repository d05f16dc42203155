import type { posRoutes as r } from '@market/contracts';
import { marketLocationsRoutes, posRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type PosRegister = r.PosRegister;
export type RegisterInput = r.PosRegisterCreate;
export type RegisterFilter = 'active' | 'archived' | 'all';
/** A new register's fields, or a change of some of them (the status included). */
export type RegisterChange = RegisterInput | Omit<r.PosRegisterUpdate, 'expectedUpdatedAt'>;
export type PosCashier = r.PosCashier;
export type PosSettings = r.PosSettings;
export type DiscountLimit = r.PosDiscountLimit;
export type PosSettingsUpdate = r.PosSettingsUpdate;

export const posKeys = {
  registers: ['pos', 'registers'] as const,
  registerList: (status: RegisterFilter) => ['pos', 'registers', status] as const,
  locations: ['pos', 'locations'] as const,
  cashiers: ['pos', 'cashiers'] as const,
  settings: ['pos', 'settings'] as const,
  channels: ['pos', 'channels'] as const,
};

export function useRegisters(status: RegisterFilter) {
  return useQuery({
    queryKey: posKeys.registerList(status),
    queryFn: () => api(posRoutes.listRegisters, { query: { status } }),
  });
}

/** The point-of-sale publishing channels a register may sell. */
export function usePosChannels() {
  return useQuery({ queryKey: posKeys.channels, queryFn: () => api(posRoutes.listPosChannels), staleTime: 60_000 });
}

/** The organization's market locations, for a register's location. */
export function useRegisterLocations() {
  return useQuery({ queryKey: posKeys.locations, queryFn: () => api(marketLocationsRoutes.listLocations), staleTime: 60_000 });
}

/**
 * Adds a register, or changes one with the updatedAt it was opened on (a stale edit reloads the list and says
 * so); archiving and restoring are changes of its status.
 */
export function useSaveRegister() {
  const qc = useQueryClient();
  const t = useT();
  const invalidate = () => qc.invalidateQueries({ queryKey: posKeys.registers });
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id?: string; body: RegisterChange; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () => api(posRoutes.updateRegister, { params: { id }, body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' } }),
            t('edit.staleWrite'),
            invalidate,
          )
        : api(posRoutes.createRegister, { body: body as RegisterInput }),
    onSuccess: invalidate,
  });
}

/** The staff who may use the point of sale: the people a manager can name as a register's cashiers. */
export function useCashiers() {
  return useQuery({ queryKey: posKeys.cashiers, queryFn: () => api(posRoutes.listCashiers), staleTime: 60_000 });
}

/** The organization's point-of-sale settings: the largest discount each staff role may give. */
export function usePosSettings() {
  return useQuery({ queryKey: posKeys.settings, queryFn: () => api(posRoutes.getPosSettings) });
}

/**
 * Sets the discount limits with the updatedAt they were read at (managers only). When someone saved meanwhile,
 * the settings reload and the error says so in one line.
 */
export function useSavePosSettings() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: (body: PosSettingsUpdate) =>
      guardStale(
        () => api(posRoutes.updatePosSettings, { body }),
        t('posReports.discounts.stale'),
        () => qc.invalidateQueries({ queryKey: posKeys.settings }),
      ),
    onSuccess: (settings) => qc.setQueryData(posKeys.settings, settings),
  });
}
