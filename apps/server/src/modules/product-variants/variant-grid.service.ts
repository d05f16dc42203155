import type { productVariantsRoutes as c } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid } from '../../lib/errors.js';
import * as repo from './product-variants.repository.js';
import { labelsFor, toVariant } from './variant-view.js';

const encodeCursor = (c0: repo.GridCursor) => Buffer.from(JSON.stringify([c0.sku, c0.productId, c0.position, c0.id])).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function decodeCursor(s: string): repo.GridCursor {
  try {
    const [sku, productId, position, id] = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof sku === 'string' &&
      typeof productId === 'string' &&
      UUID.test(productId) &&
      Number.isInteger(position) &&
      typeof id === 'string' &&
      UUID.test(id)
    ) {
      if (Math.abs(position as number) < 2 ** 31) return { sku, productId, position: position as number, id };
    }
  } catch {
    // answered below
  }
  throw invalid('query.cursor', 'is not a cursor from this list');
}

export async function variantGrid(db: Db, caller: Caller, q: c.VariantGridQuery): Promise<c.VariantGridPage> {
  const limit = q.limit ?? 50;
  const rows = await repo.gridPage(db, caller.orgId, {
    q: q.q || undefined,
    productId: q.productId,
    after: q.cursor ? decodeCursor(q.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const attrs = await labelsFor(db, caller.orgId, page);
  const last = page.at(-1);
  return {
    items: page.map((r) => {
      const { variantAxes, ...product } = r.product;
      return { ...toVariant(r, attrs, variantAxes), product };
    }),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ sku: last.product.sku.toLowerCase(), productId: last.product.id, position: last.position, id: last.id })
        : null,
  };
}
