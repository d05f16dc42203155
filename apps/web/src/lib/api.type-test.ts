/**
 * Type-level test of the API client, checked by `npm run typecheck` and never run. Each
 * `@ts-expect-error` line must fail to compile (tsc reports an expectation that does not fail), so a
 * client that stopped refusing these calls breaks the typecheck.
 */
import { assetsRoutes, languagesRoutes, type ResponseOf } from '@market/contracts/plain';
import { api, uploadFile } from './api';

const id = '00000000-0000-4000-8000-000000000000';
const language = { code: 'fr', name: 'French', nativeName: 'Français' };

export async function correctCalls(file: File) {
  const list: { code: string; textDirection: 'ltr' | 'rtl' }[] = await api(languagesRoutes.listLanguages);
  await api(languagesRoutes.listLanguages, { query: { org: 'demo' } });
  const created: ResponseOf<typeof languagesRoutes.createLanguage> = await api(languagesRoutes.createLanguage, { body: language });
  await api(languagesRoutes.updateLanguage, { params: { id }, body: { name: 'Français', expectedUpdatedAt: created.updatedAt } });
  await api(languagesRoutes.deleteLanguage, { params: { id }, signal: new AbortController().signal });
  await uploadFile(assetsRoutes.uploadAsset, file, () => {}, { query: { folder: 'logos' } });
  return list;
}

export async function refusedCalls(file: File) {
  // A path no route declares.
  // @ts-expect-error -- not a route reference
  await api({ method: 'GET', path: '/nope' });
  // @ts-expect-error -- a hand-written method and path are not a reference either, even of a real route
  await api({ method: 'GET', path: '/languages' });
  // @ts-expect-error -- the reference's path cannot be swapped
  await api({ ...languagesRoutes.listLanguages, path: '/nope' });
  // @ts-expect-error -- a route name the contract does not have
  await api(languagesRoutes.listLanguagez);

  // A wrong method.
  // @ts-expect-error -- the route is a GET
  await api({ ...languagesRoutes.listLanguages, method: 'POST' });
  // @ts-expect-error -- uploads are POSTed
  await uploadFile(languagesRoutes.listLanguages, file, () => {});

  // A missing required param.
  // @ts-expect-error -- :id is not given
  await api(languagesRoutes.updateLanguage, { body: { name: 'x', expectedUpdatedAt: '' } });
  // @ts-expect-error -- nothing is given
  await api(languagesRoutes.deleteLanguage);
  // @ts-expect-error -- a param of another name
  await api(languagesRoutes.deleteLanguage, { params: { languageId: id } });

  // A wrong body.
  // @ts-expect-error -- code is a string
  await api(languagesRoutes.createLanguage, { body: { ...language, code: 42 } });
  // @ts-expect-error -- name is required
  await api(languagesRoutes.createLanguage, { body: { code: 'fr', nativeName: 'Français' } });
  // @ts-expect-error -- the body is required
  await api(languagesRoutes.createLanguage);
  // @ts-expect-error -- a GET takes no body
  await api(languagesRoutes.listLanguages, { body: language });
  // @ts-expect-error -- a query field the route does not take
  await api(languagesRoutes.listLanguages, { query: { nope: '1' } });

  // The answer has the route's type.
  // @ts-expect-error -- the list answers an array
  const n: number = await api(languagesRoutes.listLanguages);
  return n;
}
