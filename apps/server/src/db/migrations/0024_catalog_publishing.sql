CREATE TABLE "catalog_channel_completeness" (
	"org_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"score" smallint NOT NULL,
	"required" smallint NOT NULL,
	"missing" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "catalog_channel_completeness_channel_id_product_id_locale_pk" PRIMARY KEY("channel_id","product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "catalog_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"locales" text[] NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_root_id" uuid,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"include_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"exclude_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_removal_percent" smallint DEFAULT 20 NOT NULL,
	"feed_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_channels_kind" CHECK ("catalog_channels"."kind" in ('pos', 'web', 'feed')),
	CONSTRAINT "catalog_channels_removal" CHECK ("catalog_channels"."max_removal_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "catalog_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"locales" text[] NOT NULL,
	"currencies" text[] NOT NULL,
	"items" jsonb NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"item_count" integer NOT NULL,
	"checksum" text NOT NULL,
	"diff" jsonb NOT NULL,
	"rolled_back_from" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_registers" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_channel_completeness" ADD CONSTRAINT "catalog_channel_completeness_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_channel_completeness" ADD CONSTRAINT "catalog_channel_completeness_channel_id_catalog_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."catalog_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_channel_completeness" ADD CONSTRAINT "catalog_channel_completeness_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_channels" ADD CONSTRAINT "catalog_channels_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_channels" ADD CONSTRAINT "catalog_channels_category_root_id_catalog_categories_id_fk" FOREIGN KEY ("category_root_id") REFERENCES "public"."catalog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD CONSTRAINT "catalog_snapshots_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD CONSTRAINT "catalog_snapshots_channel_id_catalog_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."catalog_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD CONSTRAINT "catalog_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_channel_completeness_product_idx" ON "catalog_channel_completeness" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_channels_org_name_key" ON "catalog_channels" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_snapshots_channel_number_key" ON "catalog_snapshots" USING btree ("channel_id","number");--> statement-breakpoint
CREATE INDEX "catalog_snapshots_org_idx" ON "catalog_snapshots" USING btree ("org_id");--> statement-breakpoint
ALTER TABLE "pos_registers" ADD CONSTRAINT "pos_registers_channel_id_catalog_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."catalog_channels"("id") ON DELETE set null ON UPDATE no action;