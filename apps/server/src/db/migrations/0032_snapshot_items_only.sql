ALTER TABLE "catalog_snapshots" DROP COLUMN "items";--> statement-breakpoint
ALTER TABLE "catalog_snapshots" DROP COLUMN "product_ids";