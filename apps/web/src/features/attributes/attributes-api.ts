import type { attributesRoutes as r, masterDataRoutes as m } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Attribute = Awaited<ReturnType<typeof api<typeof r.listAttributes>>>[number];
export type AttributeFamily = Awaited<ReturnType<typeof api<typeof r.listAttributeFamilies>>>[number];
export type AttributeCreate = r.AttributeCreate;
export type AttributeUpdate = Omit<r.AttributeUpdate, 'expectedUpdatedAt'>;
export type FamilyCreate = r.AttributeFamilyCreate;
export type FamilyUpdate = Omit<r.AttributeFamilyUpdate, 'expectedUpdatedAt'>;

export const attributeKeys = {
  all: ['attributes'] as const,
  attributes: ['attributes', 'attributes'] as const,
  families: ['attributes', 'families'] as const,
  units: ['attributes', 'units'] as const,
};

export function useAttributes() {
  return useQuery({
    queryKey: attributeKeys.attributes,
    queryFn: () => api<typeof r.listAttributes>({ method: 'GET', path: '/attributes' }),
  });
}

export function useAttributeFamilies() {
  return useQuery({
    queryKey: attributeKeys.families,
    queryFn: () => api<typeof r.listAttributeFamilies>({ method: 'GET', path: '/attribute-families' }),
  });
}

/** Units a measurement attribute can use; only fetched while the measurement form is open. */
export function useUnitsForAttributes(enabled: boolean) {
  return useQuery({ queryKey: attributeKeys.units, enabled, queryFn: () => api<typeof m.listUnits>({ method: 'GET', path: '/units' }) });
}

// Families show attribute names and attributes show family counts, so every write refreshes both.
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: attributeKeys.all }) });
}

export const useCreateAttribute = () =>
  useWrite((body: AttributeCreate) => api<typeof r.createAttribute>({ method: 'POST', path: '/attributes' }, { body }));
/** Edits name the updatedAt of the attribute or family they were opened on; a stale one reloads and says so. */
function useEdit<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  const t = useT();
  return useWrite((v: V) =>
    guardStale(
      () => fn(v),
      t('edit.staleWrite'),
      () => qc.invalidateQueries({ queryKey: attributeKeys.all }),
    ),
  );
}
export const useUpdateAttribute = () =>
  useEdit(({ id, body, expectedUpdatedAt }: { id: string; body: AttributeUpdate; expectedUpdatedAt: string }) =>
    api<typeof r.updateAttribute>({ method: 'PATCH', path: '/attributes/:id' }, { params: { id }, body: { ...body, expectedUpdatedAt } }),
  );
export const useDeleteAttribute = () =>
  useWrite((id: string) => api<typeof r.deleteAttribute>({ method: 'DELETE', path: '/attributes/:id' }, { params: { id } }));
export const useCreateFamily = () =>
  useWrite((body: FamilyCreate) => api<typeof r.createAttributeFamily>({ method: 'POST', path: '/attribute-families' }, { body }));
export const useUpdateFamily = () =>
  useEdit(({ id, body, expectedUpdatedAt }: { id: string; body: FamilyUpdate; expectedUpdatedAt: string }) =>
    api<typeof r.updateAttributeFamily>(
      { method: 'PATCH', path: '/attribute-families/:id' },
      { params: { id }, body: { ...body, expectedUpdatedAt } },
    ),
  );
export const useDeleteFamily = () =>
  useWrite((id: string) => api<typeof r.deleteAttributeFamily>({ method: 'DELETE', path: '/attribute-families/:id' }, { params: { id } }));
