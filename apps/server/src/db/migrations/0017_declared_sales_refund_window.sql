ALTER TABLE "market_assignments" ADD COLUMN "declared_sales" bigint;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD COLUMN "declared_sales_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD COLUMN "declared_sales_by" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_declared_sales_by_users_id_fk" FOREIGN KEY ("declared_sales_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_declared_sales" CHECK ("market_assignments"."declared_sales" >= 0);