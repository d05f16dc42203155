ALTER TABLE "products" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "category_ids" = x.ids
  FROM (SELECT product_id, array_agg(category_id ORDER BY category_id) AS ids FROM "product_categories" GROUP BY product_id) x
  WHERE x.product_id = p.id;--> statement-breakpoint
-- products.category_ids follows product_categories: one set-based update per statement that adds or
-- removes rows (a bulk assignment is one update, not one per row), and a row trigger for the rare update
-- of a row's category or product.
CREATE OR REPLACE FUNCTION public.products_sync_category_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p SET category_ids = x.ids
    FROM (SELECT c.product_id,
                 coalesce((SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM public.product_categories pc WHERE pc.product_id = c.product_id), '{}') AS ids
            FROM (SELECT DISTINCT product_id FROM changed) c) x
    WHERE p.id = x.product_id AND p.category_ids IS DISTINCT FROM x.ids;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_added AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_sync_category_ids();--> statement-breakpoint
CREATE TRIGGER product_categories_removed AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.products_sync_category_ids();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_sync_category_ids_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.products p
    SET category_ids = coalesce((SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM public.product_categories pc WHERE pc.product_id = p.id), '{}')
    WHERE p.id IN (OLD.product_id, NEW.product_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_moved AFTER UPDATE OF category_id, product_id ON "product_categories"
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION public.products_sync_category_ids_row();
