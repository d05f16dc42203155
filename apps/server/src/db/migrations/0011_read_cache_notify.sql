-- The read caches (decision 007) hear of every committed write to what they hold: a statement-level
-- trigger sends NOTIFY, which PostgreSQL delivers on commit (once per transaction and channel).
CREATE OR REPLACE FUNCTION public.notify_read_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Who a session is and what it may do.
CREATE TRIGGER users_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "auth"."users" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER sessions_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "auth"."sessions" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER mfa_factors_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth"."mfa_factors" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER organizations_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER organization_memberships_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_memberships" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER user_roles_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
CREATE TRIGGER role_permission_matrix_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permission_matrix" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_sessions');--> statement-breakpoint
-- What a product list page shows or filters by.
CREATE TRIGGER products_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER product_categories_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
-- A variant's stock and price do not show in the list: only its existence (the count) does.
CREATE TRIGGER product_variants_read_cache AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "product_id" ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER product_media_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_media" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER assets_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "assets" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER brands_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER vendors_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "vendors" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER attribute_families_read_cache AFTER UPDATE OR DELETE OR TRUNCATE ON "attribute_families" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');--> statement-breakpoint
CREATE TRIGGER catalog_categories_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_categories" FOR EACH STATEMENT EXECUTE FUNCTION public.notify_read_cache('cache_catalog');
