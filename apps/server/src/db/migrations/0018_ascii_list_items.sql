-- products.list_item is written in ASCII: every character outside ASCII as its JSON escape (\uXXXX, a surrogate
-- pair above U+FFFF). JSON readers get the same strings; the server receives and sends a page of one-byte text,
-- which costs it less than half of what the same page with Arabic names in UTF-8 does (decision 016).
CREATE OR REPLACE FUNCTION public.json_ascii(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c text;
  cp int;
BEGIN
  IF t !~ '[^\x01-\x7F]' THEN RETURN t; END IF;
  FOR c IN SELECT DISTINCT m[1] FROM regexp_matches(t, '([^\x01-\x7F])', 'g') AS m LOOP
    cp := ascii(c);
    t := replace(t, c, CASE WHEN cp < 65536 THEN '\u' || lpad(to_hex(cp), 4, '0')
      ELSE '\u' || to_hex(55296 + ((cp - 65536) >> 10)) || '\u' || to_hex(56320 + ((cp - 65536) & 1023)) END);
  END LOOP;
  RETURN t;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_build_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT public.json_ascii(row_to_json(x)::text) INTO NEW.list_item FROM (SELECT
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
UPDATE "products" SET "list_item" = '' WHERE "list_item" ~ '[^\x01-\x7F]';
