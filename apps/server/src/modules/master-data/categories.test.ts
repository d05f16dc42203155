import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { fieldOf, orgClients, startCatalogApp, type Api } from './master-data.test-support.js';

let t: TestContext;
let api: Api;
let other: Api;
let orgId: string;
beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  other = (await orgClients(t)).api;
});
afterAll(async () => t?.close());

type Row = { id: string; code: string; parentId: string | null; position: number };
const add = async (code: string, parentId: string | null = null) => {
  const res = await api.post('/catalog-categories', { code, nameEn: code, nameAr: `فئة ${code}`, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
};
const tree = async () => ((await api.get('/catalog-categories')).json() as Row[]).map((r) => `${r.code}:${r.position}`);

describe(`catalogue category tree (${driver})`, () => {
  it('adds categories last among siblings, lists parents before children, and refuses duplicate codes in any case', async () => {
    const food = await add('food');
    await add('drinks');
    const fruit = await add('fruit', food.id);
    expect(fruit).toMatchObject({ parentId: food.id, position: 0 });
    expect(fruit).not.toHaveProperty('orgId');
    expect(await tree()).toEqual(['food:0', 'fruit:0', 'drinks:1']);
    const dup = await api.post('/catalog-categories', { code: 'FOOD', nameEn: 'x', nameAr: 'س' });
    expect(dup.statusCode).toBe(409);
    expect(fieldOf(dup)).toBe('code');
    const bad = await api.post('/catalog-categories', { code: 'has space', nameEn: '', nameAr: 'س' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toMatch(/code|nameEn/);
    const orphan = await api.post('/catalog-categories', {
      code: 'orphan',
      nameEn: 'x',
      nameAr: 'س',
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(orphan.statusCode).toBe(422);
    expect(fieldOf(orphan)).toBe('parentId');
    const renamed = await api.patch(`/catalog-categories/${fruit.id}`, { nameEn: 'Fresh fruit', descriptionEn: '' });
    expect(renamed.json()).toMatchObject({ nameEn: 'Fresh fruit', descriptionEn: null });
    const taken = await api.patch(`/catalog-categories/${fruit.id}`, { code: 'Drinks' });
    expect(taken.statusCode).toBe(409);
  });

  it('moves: reorders siblings, re-parents with both lists renumbered, refuses cycles with 422', async () => {
    const rows = (await api.get('/catalog-categories')).json() as Row[];
    const id = (code: string) => rows.find((r) => r.code === code)!.id;
    const veg = await add('veg', id('food'));
    // veg to the front of food's children.
    let res = await api.post(`/catalog-categories/${veg.id}/move`, { parentId: id('food'), position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tree()).toEqual(['food:0', 'veg:0', 'fruit:1', 'drinks:1']);
    // fruit moves under drinks; food's remaining children are renumbered.
    res = await api.post(`/catalog-categories/${id('fruit')}/move`, { parentId: id('drinks'), position: 5 });
    expect(await tree()).toEqual(['food:0', 'veg:0', 'drinks:1', 'fruit:0']);
    // drinks to the top level front.
    await api.post(`/catalog-categories/${id('drinks')}/move`, { parentId: null, position: 0 });
    expect(await tree()).toEqual(['drinks:0', 'fruit:0', 'food:1', 'veg:0']);
    const cycle = await api.post(`/catalog-categories/${id('drinks')}/move`, { parentId: id('fruit'), position: 0 });
    expect(cycle.statusCode).toBe(422);
    expect(fieldOf(cycle)).toBe('parentId');
    const self = await api.post(`/catalog-categories/${id('drinks')}/move`, { parentId: id('drinks'), position: 0 });
    expect(self.statusCode).toBe(422);
    expect(await tree()).toEqual(['drinks:0', 'fruit:0', 'food:1', 'veg:0']);
    const negative = await api.post(`/catalog-categories/${id('drinks')}/move`, { parentId: null, position: -1 });
    expect(negative.statusCode).toBe(422);
    expect(fieldOf(negative)).toBe('position');
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id('drinks')));
    expect(audits.map((a) => a.action)).toContain('move');
  });

  it('refuses to delete a category with children, deletes a leaf and renumbers its siblings', async () => {
    const rows = (await api.get('/catalog-categories')).json() as Row[];
    const id = (code: string) => rows.find((r) => r.code === code)!.id;
    const refused = await api.del(`/catalog-categories/${id('drinks')}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/sub-categor/);
    expect((await api.del(`/catalog-categories/${id('fruit')}`)).statusCode).toBe(200);
    expect((await api.del(`/catalog-categories/${id('drinks')}`)).statusCode).toBe(200);
    expect(await tree()).toEqual(['food:0', 'veg:0']);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id('fruit')));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'move', 'delete']);
    expect(audits.every((a) => a.orgId === orgId)).toBe(true);
  });

  it('keeps organizations apart', async () => {
    const rows = (await api.get('/catalog-categories')).json() as Row[];
    const food = rows.find((r) => r.code === 'food')!;
    expect((await other.get('/catalog-categories')).json()).toEqual([]);
    expect((await other.patch(`/catalog-categories/${food.id}`, { nameEn: 'x' })).statusCode).toBe(404);
    expect((await other.post(`/catalog-categories/${food.id}/move`, { parentId: null, position: 0 })).statusCode).toBe(404);
    expect((await other.del(`/catalog-categories/${food.id}`)).statusCode).toBe(404);
    // Their own "food" code is free: codes are unique per organization.
    const mine = await other.post('/catalog-categories', { code: 'food', nameEn: 'Food', nameAr: 'طعام' });
    expect(mine.statusCode).toBe(201);
    const foreignParent = await other.post('/catalog-categories', { code: 'x', nameEn: 'x', nameAr: 'س', parentId: food.id });
    expect(fieldOf(foreignParent)).toBe('parentId');
    const intoForeign = await other.post(`/catalog-categories/${mine.json().id}/move`, { parentId: food.id, position: 0 });
    expect(intoForeign.statusCode).toBe(422);
  });
});
