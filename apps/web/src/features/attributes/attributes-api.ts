import type { attributesRoutes as schemas } from '@market/contracts';
import { attributesRoutes as r, masterDataRoutes, type ResponseOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { wordsByMessage, type ErrorWords, type Translate } from '../../lib/api-errors';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Attribute = ResponseOf<typeof r.listAttributes>[number];
export type AttributeFamily = ResponseOf<typeof r.listAttributeFamilies>[number];
export type AttributeCreate = schemas.AttributeCreate;
export type AttributeUpdate = Omit<schemas.AttributeUpdate, 'expectedUpdatedAt'>;
export type FamilyCreate = schemas.AttributeFamilyCreate;
export type FamilyUpdate = Omit<schemas.AttributeFamilyUpdate, 'expectedUpdatedAt'>;

export const attributeKeys = {
  all: ['attributes'] as const,
  attributes: ['attributes', 'attributes'] as const,
  families: ['attributes', 'families'] as const,
  units: ['attributes', 'units'] as const,
};

export function useAttributes() {
  return useQuery({ queryKey: attributeKeys.attributes, queryFn: () => api(r.listAttributes) });
}

export function useAttributeFamilies() {
  return useQuery({ queryKey: attributeKeys.families, queryFn: () => api(r.listAttributeFamilies) });
}

/** Units a measurement attribute can use; only fetched while the measurement form is open. */
export function useUnitsForAttributes(enabled: boolean) {
  return useQuery({ queryKey: attributeKeys.units, enabled, queryFn: () => api(masterDataRoutes.listUnits) });
}

// Families show attribute names and attributes show family counts, so every write refreshes both.
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: attributeKeys.all }) });
}

export const useCreateAttribute = () => useWrite((body: AttributeCreate) => api(r.createAttribute, { body }));
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
    api(r.updateAttribute, { params: { id }, body: { ...body, expectedUpdatedAt } }),
  );
export const useDeleteAttribute = () => useWrite((id: string) => api(r.deleteAttribute, { params: { id } }));
export const useCreateFamily = () => useWrite((body: FamilyCreate) => api(r.createAttributeFamily, { body }));
export const useUpdateFamily = () =>
  useEdit(({ id, body, expectedUpdatedAt }: { id: string; body: FamilyUpdate; expectedUpdatedAt: string }) =>
    api(r.updateAttributeFamily, { params: { id }, body: { ...body, expectedUpdatedAt } }),
  );
export const useDeleteFamily = () => useWrite((id: string) => api(r.deleteAttributeFamily, { params: { id } }));

/**
 * How the attribute screens word a refusal (for lib/api-errors): the server's rules in the reader's
 * language; anything not listed keeps the server's own words. Whole-error lines name each field by its path.
 */
export function attributeErrorWords(t: Translate): ErrorWords & Required<Pick<ErrorWords, 'field'>> {
  return {
    field: wordsByMessage(t, [
      [/is required/, 'attributes.error.required'],
      [/already used by another/, 'attributes.error.codeTaken'],
      [/used by another option/, 'attributes.error.optionCodeTaken'],
      [/at least one option/, 'attributes.error.needsOption'],
      [/not a valid regular expression/, 'attributes.error.pattern'],
      [/must not be less than/, 'attributes.error.range'],
      [/not a unit of this organization/, 'attributes.error.unit'],
      [/letters, digits/, 'attributes.error.codeFormat'],
      [/already in the list/, 'attributes.error.duplicateMember'],
      [/is more than the/, 'attributes.error.choices'],
    ]),
    network: t('attributes.error.network'),
    notFound: t('attributes.error.notFound'),
    forbidden: t('attributes.error.forbidden'),
  };
}
