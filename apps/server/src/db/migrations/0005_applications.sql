CREATE TABLE "application_email_templates" (
	"org_id" uuid NOT NULL,
	"template_key" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_email_templates_org_id_template_key_locale_pk" PRIMARY KEY("org_id","template_key","locale")
);
--> statement-breakpoint
CREATE TABLE "application_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"blind_review" boolean DEFAULT false NOT NULL,
	"workshops_per_market_day" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"bucket_id" text NOT NULL,
	"object_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"ip" text,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_form_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_application_categories" (
	"org_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "vendor_application_categories_application_id_category_id_pk" PRIMARY KEY("application_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"bucket_id" text NOT NULL,
	"object_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_note" text,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"message" text,
	"visible_to_applicant" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_application_market_days" (
	"org_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"market_day_id" uuid NOT NULL,
	CONSTRAINT "vendor_application_market_days_application_id_market_day_id_pk" PRIMARY KEY("application_id","market_day_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_application_scores" (
	"org_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_application_scores_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id"),
	CONSTRAINT "vendor_application_scores_range" CHECK ("vendor_application_scores"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "vendor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"applicant_name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"answers" jsonb NOT NULL,
	"stall_size" text,
	"power" text,
	"decision_reason" text,
	"status_token_hash" text NOT NULL,
	"status_token_sealed" text NOT NULL,
	"vendor_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"application_id" uuid,
	"market_day_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"host_name" text NOT NULL,
	"host_email" text NOT NULL,
	"host_phone" text,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"materials_fee_minor" integer DEFAULT 0 NOT NULL,
	"space_needs" text,
	"equipment_needs" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_email_templates" ADD CONSTRAINT "application_email_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_settings" ADD CONSTRAINT "application_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_uploads" ADD CONSTRAINT "application_uploads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_uploads" ADD CONSTRAINT "application_uploads_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_categories" ADD CONSTRAINT "vendor_application_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_categories" ADD CONSTRAINT "vendor_application_categories_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_categories" ADD CONSTRAINT "vendor_application_categories_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_documents" ADD CONSTRAINT "vendor_application_documents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_documents" ADD CONSTRAINT "vendor_application_documents_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_events" ADD CONSTRAINT "vendor_application_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_events" ADD CONSTRAINT "vendor_application_events_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_market_days" ADD CONSTRAINT "vendor_application_market_days_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_market_days" ADD CONSTRAINT "vendor_application_market_days_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_market_days" ADD CONSTRAINT "vendor_application_market_days_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_scores" ADD CONSTRAINT "vendor_application_scores_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_application_scores" ADD CONSTRAINT "vendor_application_scores_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_application_id_vendor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."vendor_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_uploads_org_created_idx" ON "application_uploads" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "public_form_hits_key_created_idx" ON "public_form_hits" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "vendor_application_categories_category_idx" ON "vendor_application_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "vendor_application_documents_application_idx" ON "vendor_application_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "vendor_application_events_application_idx" ON "vendor_application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_application_market_days_day_idx" ON "vendor_application_market_days" USING btree ("market_day_id");--> statement-breakpoint
CREATE INDEX "vendor_applications_org_stream_status_idx" ON "vendor_applications" USING btree ("org_id","stream","status","submitted_at");--> statement-breakpoint
CREATE INDEX "vendor_applications_org_email_idx" ON "vendor_applications" USING btree ("org_id","stream","email");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_applications_status_token_key" ON "vendor_applications" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "workshops_org_day_idx" ON "workshops" USING btree ("org_id","market_day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshops_application_key" ON "workshops" USING btree ("application_id");