CREATE TABLE "product_import_hashes" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_import_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_import_rows" (
	"import_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"row_no" integer NOT NULL,
	"outcome" text NOT NULL,
	"sku" text,
	"product_id" uuid,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cells" jsonb,
	CONSTRAINT "product_import_rows_import_id_phase_row_no_pk" PRIMARY KEY("import_id","phase","row_no")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"sheet" text,
	"sheets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile_id" uuid,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"phase" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"dry_run" jsonb,
	"dry_run_key" text,
	"run" jsonb,
	"committed_rows" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"source_import_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_import_hashes" ADD CONSTRAINT "product_import_hashes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_hashes" ADD CONSTRAINT "product_import_hashes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_profiles" ADD CONSTRAINT "product_import_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_profiles" ADD CONSTRAINT "product_import_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_profile_id_product_import_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."product_import_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_import_profiles_name_key" ON "product_import_profiles" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_import_rows_outcome_idx" ON "product_import_rows" USING btree ("import_id","phase","outcome","row_no");--> statement-breakpoint
CREATE INDEX "product_imports_org_created_idx" ON "product_imports" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The import page follows its import live (progress, counts, state); members of the organization holding the
-- import permission receive the changes (product-import.realtime.ts).
CREATE TRIGGER product_imports_realtime AFTER INSERT OR UPDATE OR DELETE ON public.product_imports
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
