ALTER TABLE "catalog_channels" ADD COLUMN "keep_snapshots" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD COLUMN "items_pruned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_channels" ADD CONSTRAINT "catalog_channels_keep_snapshots" CHECK ("catalog_channels"."keep_snapshots" between 2 and 500);