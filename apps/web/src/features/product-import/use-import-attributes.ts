import { attributesRoutes, productsRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

/** An attribute a column can fill: `attribute:<code>`, or `attribute:<code>:en|ar` when localizable. */
export interface ImportAttribute {
  code: string;
  nameEn: string;
  nameAr: string;
  localizable: boolean;
}

const refused = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 403);

/**
 * The organization's attributes. The attributes list needs the master data permission, which a catalogue team
 * member importing products may not hold: then the attributes of the product form's families stand in (the
 * products permission). With neither, the list is empty and the screen says attributes cannot be offered.
 */
async function loadAttributes(signal?: AbortSignal): Promise<ImportAttribute[]> {
  try {
    return (await api(attributesRoutes.listAttributes, { signal })).map(({ code, nameEn, nameAr, localizable }) => ({
      code,
      nameEn,
      nameAr,
      localizable,
    }));
  } catch (e) {
    if (!refused(e)) throw e;
  }
  const options = await api(productsRoutes.getProductFormOptions, { signal });
  const byCode = new Map<string, ImportAttribute>();
  for (const a of options.families.flatMap((f) => f.attributes)) {
    byCode.set(a.code, { code: a.code, nameEn: a.nameEn, nameAr: a.nameAr, localizable: a.localizable });
  }
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

export function useImportAttributes() {
  return useQuery({
    queryKey: ['product-import', 'attributes'],
    queryFn: ({ signal }) => loadAttributes(signal),
    staleTime: 60_000,
    retry: (count, e) => !refused(e) && count < 1,
  });
}
