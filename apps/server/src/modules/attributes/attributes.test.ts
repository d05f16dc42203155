import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, units } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { startTwoOrgs, type Headers } from '../access/access.test-support.js';

let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Headers;
let marketing: Headers;
let otherAdmin: Headers;
beforeAll(async () => {
  const s = await startTwoOrgs({ admin: 'admin', marketing: 'marketing' }, { otherAdmin: 'super_admin' });
  ({ t, orgA, orgB } = s);
  ({ admin, marketing, otherAdmin } = s.users);
});
afterAll(async () => t?.close());

const url = '/api/v1/attributes';
const uniq = () => Math.random().toString(36).slice(2, 8);
const base = (over: Record<string, unknown> = {}) => ({ code: `a_${uniq()}`, nameEn: 'Colour', nameAr: 'اللون', ...over });
const post = (payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const patch = (id: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers, payload: payload as object });
const fieldsOf = (res: { json: () => { error: { fields?: { field: string }[] } } }) => (res.json().error.fields ?? []).map((f) => f.field);
async function unit(orgId: string) {
  const [u] = await t.app.ctx.db
    .insert(units)
    .values({ orgId, code: `cm_${uniq()}`, kind: 'length', symbol: 'cm', nameEn: 'Centimetre', nameAr: 'سنتيمتر' })
    .returning();
  return u!;
}

describe(`catalogue attributes (${driver})`, () => {
  it('needs master_data, and creates a select attribute with its options in order, audited', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: marketing })).statusCode).toBe(403);
    const options = [
      { code: 'red', labelEn: 'Red', labelAr: 'أحمر' },
      { code: 'blue', labelEn: 'Blue', labelAr: 'أزرق' },
    ];
    const res = await post(base({ type: 'single_select', options }));
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a.options.map((o: { code: string }) => o.code)).toEqual(['red', 'blue']);
    expect(a).toMatchObject({ type: 'single_select', localizable: false, unitId: null, familyCount: 0 });
    const listed = (await t.app.inject({ url, headers: admin })).json();
    expect(listed.find((x: { id: string }) => x.id === a.id).options).toHaveLength(2);
    const audits = await t.app.ctx.db.select().from(auditLog);
    expect(audits.some((r) => r.entityId === a.id && r.entityType === 'attribute' && r.action === 'create')).toBe(true);
  });

  it('refuses a code used by another attribute of the organization in any case, but not of another organization', async () => {
    const code = `Size_${uniq()}`;
    expect((await post(base({ code, type: 'text' }))).statusCode).toBe(201);
    const dup = await post(base({ code: code.toUpperCase(), type: 'number' }));
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual(['code']);
    expect((await post(base({ code, type: 'text' }), otherAdmin)).statusCode).toBe(201);
  });

  it('checks options: select types need one, codes unique per attribute, other types refuse them', async () => {
    const none = await post(base({ type: 'multi_select', options: [] }));
    expect(none.statusCode).toBe(422);
    expect(fieldsOf(none)).toEqual(['options']);
    const twice = await post(
      base({
        type: 'single_select',
        options: [
          { code: 'S', labelEn: 'S', labelAr: 'ص' },
          { code: 's', labelEn: 's', labelAr: 'ص' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(fieldsOf(twice)).toEqual(['options.1.code']);
    const onText = await post(base({ type: 'text', options: [{ code: 'x', labelEn: 'x', labelAr: 'س' }] }));
    expect(onText.statusCode).toBe(422);
    expect(fieldsOf(onText)).toContain('options');
    const badType = await post(base({ type: 'colour' }));
    expect(badType.statusCode).toBe(422);
    expect(fieldsOf(badType)).toContain('type');
  });

  it('checks validation per type: min ≤ max, a pattern that compiles, no rules of another type', async () => {
    const range = await post(base({ type: 'number', validation: { min: 5, max: 1 } }));
    expect(range.statusCode).toBe(422);
    expect(fieldsOf(range)).toEqual(['validation.max']);
    const pattern = await post(base({ type: 'text', validation: { pattern: '([a-z' } }));
    expect(pattern.statusCode).toBe(422);
    expect(fieldsOf(pattern)).toEqual(['validation.pattern']);
    const foreign = await post(base({ type: 'boolean', validation: { min: 1 } }));
    expect(foreign.statusCode).toBe(422);
    expect(fieldsOf(foreign).join()).toMatch(/validation/);
    const ok = await post(base({ type: 'date', validation: { min: '2026-01-01', max: '2026-12-31' } }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().validation).toEqual({ min: '2026-01-01', max: '2026-12-31' });
    const text = (await post(base({ type: 'text', localizable: true }))).json();
    const p = await patch(text.id, { validation: { pattern: '[' } });
    expect(p.statusCode).toBe(422);
    expect(fieldsOf(p)).toEqual(['validation.pattern']);
    const other = await patch(text.id, { validation: { min: 1 } });
    expect(other.statusCode).toBe(422);
    expect(fieldsOf(other)).toEqual(['validation.min']);
    expect((await patch(text.id, { validation: { maxLength: 80 } })).json().validation).toEqual({ maxLength: 80 });
  });

  it('measurement needs a unit of the organization; other types refuse units and localisation', async () => {
    const mine = await unit(orgA);
    const theirs = await unit(orgB);
    expect(fieldsOf(await post(base({ type: 'measurement' })))).toContain('unitId');
    const foreign = await post(base({ type: 'measurement', unitId: theirs.id }));
    expect(foreign.statusCode).toBe(422);
    expect(fieldsOf(foreign)).toEqual(['unitId']);
    const m = await post(base({ type: 'measurement', unitId: mine.id, validation: { min: 0, decimals: 1 } }));
    expect(m.statusCode).toBe(201);
    expect(m.json().unit).toMatchObject({ id: mine.id, symbol: 'cm' });
    expect(fieldsOf(await post(base({ type: 'number', unitId: mine.id })))).toContain('unitId');
    expect(fieldsOf(await post(base({ type: 'number', localizable: true })))).toContain('localizable');
    const n = (await post(base({ type: 'number' }))).json();
    expect(fieldsOf(await patch(n.id, { unitId: mine.id }))).toEqual(['unitId']);
    expect(fieldsOf(await patch(n.id, { localizable: true }))).toEqual(['localizable']);
    expect(fieldsOf(await patch(m.json().id, { unitId: null }))).toEqual(['unitId']);
  });

  it('keeps the type fixed and replaces options as a whole, keeping ids of options named again', async () => {
    const a = (
      await post(
        base({
          type: 'multi_select',
          options: [
            { code: 'a', labelEn: 'A', labelAr: 'أ' },
            { code: 'b', labelEn: 'B', labelAr: 'ب' },
          ],
        }),
      )
    ).json();
    const fixed = await patch(a.id, { type: 'single_select' });
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().error.message).toMatch(/type: cannot be changed/);
    const [optA, optB] = a.options;
    const res = await patch(a.id, {
      options: [
        { id: optB.id, code: 'a', labelEn: 'B→A', labelAr: 'ب' },
        { code: 'c', labelEn: 'C', labelAr: 'ج' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const opts = res.json().options;
    expect(opts.map((o: { code: string }) => o.code)).toEqual(['a', 'c']);
    expect(opts[0].id).toBe(optB.id);
    expect(opts.some((o: { id: string }) => o.id === optA.id)).toBe(false);
    const strange = await patch(a.id, { options: [{ id: crypto.randomUUID(), code: 'z', labelEn: 'Z', labelAr: 'ز' }] });
    expect(fieldsOf(strange)).toEqual(['options.0.id']);
    const tooMany = await patch(a.id, { validation: { minChoices: 3 } });
    expect(fieldsOf(tooMany)).toEqual(['validation.minChoices']);
    expect(fieldsOf(await patch(a.id, { options: [] }))).toEqual(['options']);
  });

  it('keeps organizations apart: another organization sees none of it and gets 404', async () => {
    const a = (await post(base({ type: 'boolean' }))).json();
    const theirs = (await t.app.inject({ url, headers: otherAdmin })).json();
    expect(theirs.some((x: { id: string }) => x.id === a.id)).toBe(false);
    expect((await patch(a.id, { nameEn: 'Hijack' }, otherAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: otherAdmin })).statusCode).toBe(404);
  });
});

describe(`attribute families (${driver})`, () => {
  const furl = '/api/v1/attribute-families';
  const fpost = (payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url: furl, headers, payload: payload as object });

  it('creates a family with ordered attributes, counts it on the attributes, and refuses deleting a used attribute', async () => {
    const size = (await post(base({ type: 'text' }))).json();
    const colour = (await post(base({ type: 'boolean' }))).json();
    const res = await fpost({
      code: `shirts_${uniq()}`,
      nameEn: 'Shirts',
      nameAr: 'قمصان',
      attributes: [
        { attributeId: colour.id, required: false },
        { attributeId: size.id, required: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    const fam = res.json();
    expect(fam.attributes.map((a: { attributeId: string; required: boolean }) => [a.attributeId, a.required])).toEqual([
      [colour.id, false],
      [size.id, true],
    ]);
    const listed = (await t.app.inject({ url, headers: admin })).json();
    expect(listed.find((x: { id: string }) => x.id === size.id)).toMatchObject({ familyCount: 1, requiredFamilyCount: 1 });
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${size.id}`, headers: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toContain(fam.code);
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `${furl}/${fam.id}`,
      headers: admin,
      payload: { attributes: [{ attributeId: colour.id, required: true }] },
    });
    expect(upd.json().attributes).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${size.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${furl}/${fam.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${colour.id}`, headers: admin })).statusCode).toBe(200);
    const audits = await t.app.ctx.db.select().from(auditLog);
    expect(
      audits
        .filter((r) => r.entityId === fam.id && r.entityType === 'attribute_family')
        .map((r) => r.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update']);
  });

  it('refuses duplicate codes, repeated attributes and attributes of another organization', async () => {
    const code = `Fam_${uniq()}`;
    expect((await fpost({ code, nameEn: 'F', nameAr: 'ف' })).statusCode).toBe(201);
    const dup = await fpost({ code: code.toLowerCase(), nameEn: 'F', nameAr: 'ف' });
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual(['code']);
    const a = (await post(base({ type: 'boolean' }))).json();
    const twice = await fpost({
      code: `f_${uniq()}`,
      nameEn: 'F',
      nameAr: 'ف',
      attributes: [
        { attributeId: a.id, required: true },
        { attributeId: a.id, required: false },
      ],
    });
    expect(fieldsOf(twice)).toEqual(['attributes.1.attributeId']);
    const foreign = await fpost(
      { code: `f_${uniq()}`, nameEn: 'F', nameAr: 'ف', attributes: [{ attributeId: a.id, required: true }] },
      otherAdmin,
    );
    expect(foreign.statusCode).toBe(422);
    expect(fieldsOf(foreign)).toEqual(['attributes.0.attributeId']);
    const fam = (await t.app.inject({ url: furl, headers: admin })).json()[0];
    expect(
      (await t.app.inject({ method: 'PATCH', url: `${furl}/${fam.id}`, headers: otherAdmin, payload: { nameEn: 'X' } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: furl, headers: marketing })).statusCode).toBe(403);
  });
});
