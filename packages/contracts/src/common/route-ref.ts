import type { z } from 'zod';
import type { RouteDef } from './route.js';

// Types only: this module is part of the zod-free entry (`@market/contracts/plain`), so it holds no value
// that would pull a schema into the browser bundle.

declare const routeDefinition: unique symbol;

/**
 * A zod-free reference to one route: its method and path at run time, and the whole definition as a
 * phantom type (never present at run time). Only the generated tables of `route-refs.ts` make them, so a
 * hand-written `{ method, path }` is not a reference.
 */
export interface RouteRef<D extends RouteDef = RouteDef> {
  readonly method: D['method'];
  readonly path: D['path'];
  readonly [routeDefinition]: D;
}

/** The names of the route definitions among a routes module's exports (it also re-exports its schemas). */
export type RouteNames<NS> = { [K in keyof NS]: NS[K] extends RouteDef ? K : never }[keyof NS];

/** What the generated table of a routes module must say: every route, with its method and path. */
export type RouteTable<NS> = {
  readonly [K in RouteNames<NS>]: NS[K] extends RouteDef ? { readonly method: NS[K]['method']; readonly path: NS[K]['path'] } : never;
};

/** A routes module's references, by the names the module gives its routes. */
export type RouteRefs<NS> = { readonly [K in RouteNames<NS>]: NS[K] extends RouteDef ? RouteRef<NS[K]> : never };

/** The definition behind a reference (or a definition itself). */
export type DefOf<R> = R extends RouteRef<infer D> ? D : R extends RouteDef ? R : never;

/** The schema a route declares for one part, or never when it declares none (the part is then z.ZodType or absent). */
type Declared<S> = [NonNullable<S>] extends [never] ? never : z.ZodType extends NonNullable<S> ? never : NonNullable<S>;
type InputOf<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.input<S> : undefined;

/** Path parameters as sent (undefined when the route has none). */
export type ParamsOf<R> = InputOf<Declared<DefOf<R>['params']>>;
/** Query as sent (undefined when the route takes none). */
export type QueryOf<R> = InputOf<Declared<DefOf<R>['query']>>;
/** Body as sent (undefined when the route takes none). */
export type BodyOf<R> = InputOf<Declared<DefOf<R>['body']>>;
/** The success body as received. */
export type ResponseOf<R> = z.output<DefOf<R>['response']>;
