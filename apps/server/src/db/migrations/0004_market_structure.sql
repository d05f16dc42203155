CREATE SCHEMA "storage";
--> statement-breakpoint
CREATE TABLE "market_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"colour" text DEFAULT '#64748b' NOT NULL,
	"description_en" text,
	"description_ar" text,
	"target_per_day" integer DEFAULT 0 NOT NULL,
	"required_document_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_day_capacities" (
	"org_id" uuid NOT NULL,
	"market_day_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "market_day_capacities_market_day_id_category_id_pk" PRIMARY KEY("market_day_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "market_day_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"skip_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"setup_time" time NOT NULL,
	"open_time" time NOT NULL,
	"close_time" time NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"series_id" uuid,
	"detached" boolean DEFAULT false NOT NULL,
	"date" date NOT NULL,
	"setup_time" time NOT NULL,
	"open_time" time NOT NULL,
	"close_time" time NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cancel_reason" text,
	"application_opens_at" timestamp with time zone,
	"application_closes_at" timestamp with time zone,
	"notes" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"description_en" text,
	"description_ar" text,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan_image_path" text,
	"plan_width_m" numeric(7, 2) DEFAULT 60 NOT NULL,
	"plan_depth_m" numeric(7, 2) DEFAULT 40 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"code" text NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"width_m" numeric(6, 2) DEFAULT 3 NOT NULL,
	"depth_m" numeric(6, 2) DEFAULT 3 NOT NULL,
	"power" text DEFAULT 'none' NOT NULL,
	"has_water" boolean DEFAULT false NOT NULL,
	"has_shade" boolean DEFAULT false NOT NULL,
	"is_corner" boolean DEFAULT false NOT NULL,
	"fee_per_day" integer DEFAULT 0 NOT NULL,
	"fee_per_season" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"category_id" uuid,
	"plan_x" numeric(7, 2),
	"plan_y" numeric(7, 2),
	"plan_rotation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage"."buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"name" text NOT NULL,
	"owner" uuid,
	"public" boolean DEFAULT false NOT NULL,
	"file_size_limit" bigint,
	"allowed_mime_types" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage"."objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" text NOT NULL,
	"org_id" uuid,
	"name" text NOT NULL,
	"owner" uuid,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_metadata" jsonb,
	"blob_key" text NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_categories" (
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "vendor_categories_vendor_id_category_id_pk" PRIMARY KEY("vendor_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"bucket_id" text NOT NULL,
	"object_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_users" (
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_users_vendor_id_user_id_pk" PRIMARY KEY("vendor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_type" text NOT NULL,
	"public_name" text NOT NULL,
	"legal_name" text,
	"contact_name" text,
	"email" text,
	"phone" text,
	"address" text,
	"logo_path" text,
	"description_en" text,
	"description_ar" text,
	"website" text,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registration_numbers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"date_of_birth" date,
	"guardian_name" text,
	"guardian_phone" text,
	"guardian_email" text,
	"guardian_consent_at" timestamp with time zone,
	"school" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_categories" ADD CONSTRAINT "market_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_capacities" ADD CONSTRAINT "market_day_capacities_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_capacities" ADD CONSTRAINT "market_day_capacities_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_capacities" ADD CONSTRAINT "market_day_capacities_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_series" ADD CONSTRAINT "market_day_series_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_series" ADD CONSTRAINT "market_day_series_location_id_market_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."market_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_days" ADD CONSTRAINT "market_days_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_days" ADD CONSTRAINT "market_days_location_id_market_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."market_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_days" ADD CONSTRAINT "market_days_series_id_market_day_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."market_day_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_locations" ADD CONSTRAINT "market_locations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_slots" ADD CONSTRAINT "market_slots_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_slots" ADD CONSTRAINT "market_slots_location_id_market_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."market_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_slots" ADD CONSTRAINT "market_slots_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage"."objects" ADD CONSTRAINT "objects_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "storage"."buckets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_users" ADD CONSTRAINT "vendor_users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_users" ADD CONSTRAINT "vendor_users_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_categories_org_name_key" ON "market_categories" USING btree ("org_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "market_days_org_date_idx" ON "market_days" USING btree ("org_id","date");--> statement-breakpoint
CREATE INDEX "market_days_location_date_idx" ON "market_days" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "market_locations_org_idx" ON "market_locations" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_slots_location_code_key" ON "market_slots" USING btree ("location_id",lower("code"));--> statement-breakpoint
CREATE INDEX "market_slots_org_idx" ON "market_slots" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "buckets_org_idx" ON "storage"."buckets" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "objects_bucket_name_key" ON "storage"."objects" USING btree ("bucket_id","name");--> statement-breakpoint
CREATE INDEX "objects_org_idx" ON "storage"."objects" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "vendor_categories_category_idx" ON "vendor_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "vendor_documents_vendor_idx" ON "vendor_documents" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_documents_org_expiry_idx" ON "vendor_documents" USING btree ("org_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_users_user_key" ON "vendor_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vendors_org_type_idx" ON "vendors" USING btree ("org_id","vendor_type");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_org_email_type_key" ON "vendors" USING btree ("org_id","vendor_type",lower("email"));