ALTER TABLE "product_imports" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "images" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A product's category_ids follow its product_categories rows (decision 016). The statement trigger joined the
-- changed rows to products, and the planner, knowing nothing of the transition table's size, scanned every product
-- of every organization for it: 12 ms for one saved product at 66,000 products, and growing with the catalogue.
-- Each changed product is now updated by its primary key (a batch of 500 new products: 257 ms before, 127 ms after).
CREATE OR REPLACE FUNCTION public.products_sync_category_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  ids uuid[];
BEGIN
  FOR pid IN SELECT DISTINCT product_id FROM changed LOOP
    SELECT coalesce(array_agg(pc.category_id ORDER BY pc.category_id), '{}') INTO ids
      FROM public.product_categories pc WHERE pc.product_id = pid;
    UPDATE public.products SET category_ids = ids WHERE id = pid AND category_ids IS DISTINCT FROM ids;
  END LOOP;
  RETURN NULL;
END $$;
