-- Search text normalised for Arabic (decision 016): lower case; diacritics (U+064B-U+065F, U+0670) and
-- tatweel (U+0640) removed; alef forms (آ أ إ ٱ) as ا; alef maqsura and Farsi ya (ى ی) as ي; taa marbuta (ة)
-- as ه; Arabic-Indic and Eastern Arabic-Indic digits as 0-9. lib/search-normalize.ts does the same to a
-- user's term (a test holds the two equal).
CREATE OR REPLACE FUNCTION public.search_normalize(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    U&'\0622\0623\0625\0671\0649\06CC\0629\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9\0640\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0656\0657\0658\0659\065A\065B\065C\065D\065E\065F\0670',
    U&'\0627\0627\0627\0627\064A\064A\0647' || '01234567890123456789')
$$;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_normalize(sku || ' ' || name_en || ' ' || name_ar)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "variant_count" = x.n
  FROM (SELECT product_id, count(*)::int AS n FROM "product_variants" GROUP BY product_id) x WHERE x.product_id = p.id;--> statement-breakpoint
-- The public URL of a stored object, as storage.paths.ts publicObjectUrl writes it (each segment as
-- encodeURIComponent encodes it).
CREATE OR REPLACE FUNCTION public.uri_component(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE WHEN ch ~ '^[A-Za-z0-9_.!~*''()-]$' THEN ch
    ELSE regexp_replace(upper(encode(convert_to(ch, 'UTF8'), 'hex')), '(..)', '%\1', 'g') END, '' ORDER BY i), '')
  FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS c(ch, i)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.public_object_url(bucket text, path text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT '/storage/v1/object/public/' || public.uri_component(bucket) || '/'
    || (SELECT string_agg(public.uri_component(s), '/' ORDER BY i) FROM unnest(string_to_array(path, '/')) WITH ORDINALITY AS x(s, i))
$$;--> statement-breakpoint
-- products.list_item: the row as the list shows it (contract ProductListItem, keys in its order), rebuilt
-- before every insert and update of the row, so a list page is the rows of one index walk.
CREATE OR REPLACE FUNCTION public.products_build_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(x)::text INTO NEW.list_item FROM (SELECT
    NEW.id AS "id", NEW.sku AS "sku", NEW.name_en AS "nameEn", NEW.name_ar AS "nameAr", NEW.status AS "status",
    NEW.price_minor AS "priceMinor",
    (SELECT row_to_json(r) FROM (SELECT b.id, b.name_en AS "nameEn", b.name_ar AS "nameAr" FROM public.brands b WHERE b.id = NEW.brand_id) r) AS "brand",
    (SELECT row_to_json(r) FROM (SELECT v.id, v.public_name AS "name" FROM public.vendors v WHERE v.id = NEW.vendor_id) r) AS "vendor",
    (SELECT row_to_json(r) FROM (SELECT f.id, f.name_en AS "nameEn", f.name_ar AS "nameAr" FROM public.attribute_families f WHERE f.id = NEW.family_id) r) AS "family",
    -- string_agg, not json_agg: json_agg writes ", \n " between elements.
    ('[' || coalesce((SELECT string_agg(row_to_json(r)::text, ',' ORDER BY r."nameEn", r.id) FROM (SELECT c.id, c.name_en AS "nameEn", c.name_ar AS "nameAr"
      FROM public.catalog_categories c WHERE c.id = ANY (NEW.category_ids)) r), '') || ']')::json AS "categories",
    NEW.completeness_score AS "completenessScore", NEW.variant_count AS "variantCount",
    (SELECT public.public_object_url(a.bucket_id, a.thumbnail_path) FROM public.product_media pm JOIN public.assets a ON a.id = pm.asset_id
      WHERE pm.product_id = NEW.id ORDER BY pm.position, pm.asset_id LIMIT 1) AS "imageUrl",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") x;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_list_item BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION public.products_build_list_item();--> statement-breakpoint
UPDATE "products" SET "list_item" = '';--> statement-breakpoint
-- What else a list item shows, refreshed in the writer's transaction: an update of the product row rebuilds it.
-- Variant count: one set-based update per statement that adds or removes variants.
CREATE OR REPLACE FUNCTION public.products_sync_variant_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET variant_count = (SELECT count(*) FROM public.product_variants v WHERE v.product_id = p.id)
    WHERE p.id IN (SELECT DISTINCT product_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_added AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_sync_variant_count();--> statement-breakpoint
CREATE TRIGGER product_variants_removed AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_sync_variant_count();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_sync_variant_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET variant_count = (SELECT count(*) FROM public.product_variants v WHERE v.product_id = p.id)
    WHERE p.id IN (OLD.product_id, NEW.product_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_moved AFTER UPDATE OF product_id ON "product_variants"
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id) EXECUTE FUNCTION public.products_sync_variant_count_row();--> statement-breakpoint
-- Thumbnail: media added, removed or reordered.
CREATE OR REPLACE FUNCTION public.products_touch_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET list_item = '' WHERE p.id IN (SELECT DISTINCT product_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_touch_list_item_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET list_item = ''
    WHERE p.id IN (SELECT product_id FROM old_rows UNION SELECT product_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_media_added AFTER INSERT ON "product_media"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_touch_list_item();--> statement-breakpoint
CREATE TRIGGER product_media_removed AFTER DELETE ON "product_media"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_touch_list_item();--> statement-breakpoint
CREATE TRIGGER product_media_changed AFTER UPDATE ON "product_media"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_touch_list_item_updated();--> statement-breakpoint
-- An asset's thumbnail replaced: the products showing it.
CREATE OR REPLACE FUNCTION public.products_touch_for_asset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET list_item = '' FROM public.product_media pm WHERE pm.asset_id = NEW.id AND p.id = pm.product_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_list_items AFTER UPDATE OF bucket_id, thumbnail_path ON "assets" FOR EACH ROW
  WHEN (OLD.bucket_id IS DISTINCT FROM NEW.bucket_id OR OLD.thumbnail_path IS DISTINCT FROM NEW.thumbnail_path)
  EXECUTE FUNCTION public.products_touch_for_asset();--> statement-breakpoint
-- Names: a renamed category, brand, vendor or family refreshes the products that show it.
CREATE OR REPLACE FUNCTION public.products_touch_for_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET list_item = '' FROM public.product_categories pc WHERE pc.category_id = NEW.id AND p.id = pc.product_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_categories_list_items AFTER UPDATE OF name_en, name_ar ON "catalog_categories" FOR EACH ROW
  WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar)
  EXECUTE FUNCTION public.products_touch_for_category();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_touch_for_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] is the products column that points at the renamed row (brand_id, vendor_id or family_id).
  EXECUTE format('UPDATE public.products SET list_item = '''' WHERE org_id = $1 AND %I = $2', TG_ARGV[0]) USING NEW.org_id, NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER brands_list_items AFTER UPDATE OF name_en, name_ar ON "brands" FOR EACH ROW
  WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar)
  EXECUTE FUNCTION public.products_touch_for_label('brand_id');--> statement-breakpoint
CREATE TRIGGER vendors_list_items AFTER UPDATE OF public_name ON "vendors" FOR EACH ROW
  WHEN (OLD.public_name IS DISTINCT FROM NEW.public_name)
  EXECUTE FUNCTION public.products_touch_for_label('vendor_id');--> statement-breakpoint
CREATE TRIGGER attribute_families_list_items AFTER UPDATE OF name_en, name_ar ON "attribute_families" FOR EACH ROW
  WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_ar IS DISTINCT FROM NEW.name_ar)
  EXECUTE FUNCTION public.products_touch_for_label('family_id');--> statement-breakpoint
CREATE INDEX "products_org_updated_idx" ON "products" USING btree ("org_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text","category_ids");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
