ALTER TABLE "product_categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "product_categories" pc SET "updated_at" = p."updated_at" FROM "products" p WHERE p."id" = pc."product_id";--> statement-breakpoint
CREATE INDEX "product_categories_category_updated_idx" ON "product_categories" USING btree ("category_id","updated_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);--> statement-breakpoint
-- A product's category rows carry its updated_at: taken from the product when a row is added,
-- and copied whenever the product's updated_at changes (every write path sets it).
CREATE OR REPLACE FUNCTION public.product_categories_take_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.updated_at INTO NEW.updated_at FROM public.products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_take_updated_at BEFORE INSERT ON "product_categories"
  FOR EACH ROW EXECUTE FUNCTION public.product_categories_take_updated_at();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_share_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.product_categories SET updated_at = NEW.updated_at WHERE product_id = NEW.id AND updated_at IS DISTINCT FROM NEW.updated_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_share_updated_at AFTER UPDATE OF updated_at ON "products"
  FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION public.products_share_updated_at();
