DROP INDEX "email_outbox_org_created_idx";--> statement-breakpoint
DROP INDEX "assets_org_created_idx";--> statement-breakpoint
DROP INDEX "product_variants_org_updated_idx";--> statement-breakpoint
CREATE INDEX "products_org_sku_with_axes_idx" ON "products" USING btree ("org_id",lower("sku")) WHERE "products"."variant_axes" <> '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "email_outbox_org_created_idx" ON "email_outbox" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_org_created_idx" ON "assets" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_variants_org_updated_idx" ON "product_variants" USING btree ("org_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);