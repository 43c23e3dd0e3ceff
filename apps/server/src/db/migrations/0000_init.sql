CREATE TABLE "alert_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"action" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"limit_days" integer,
	"requested_by_user_id" integer,
	"requested_by" text NOT NULL,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_by_faci" boolean
);
--> statement-breakpoint
CREATE TABLE "alert_reminders" (
	"alert_id" bigint NOT NULL,
	"slot" integer NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reminders_alert_id_slot_pk" PRIMARY KEY("alert_id","slot")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"widget" text NOT NULL,
	"fac_id" integer NOT NULL,
	"pharm_id" text NOT NULL,
	"rx_no" text NOT NULL,
	"rx_guid" uuid NOT NULL,
	"generated_id" text DEFAULT '' NOT NULL,
	"group_id" text DEFAULT '' NOT NULL,
	"pat_name" text NOT NULL,
	"pat_id" text DEFAULT '' NOT NULL,
	"drug_label_name" text DEFAULT '' NOT NULL,
	"qty" numeric(12, 3),
	"org_qty" numeric(12, 3),
	"days_supply" integer,
	"org_days_supply" integer,
	"ttl_price" numeric(12, 2),
	"dispense_dt" timestamp with time zone,
	"date_created" timestamp with time zone NOT NULL,
	"nsid" text DEFAULT '' NOT NULL,
	"ns_name" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"bed" text DEFAULT '' NOT NULL,
	"srx_status" text,
	"pharmacy_status" text,
	"display_status" text DEFAULT 'new' NOT NULL,
	"read_by_faci" boolean,
	"archived_at" timestamp with time zone,
	"archive_id" bigint,
	"is_archived" boolean GENERATED ALWAYS AS (archived_at is not null or archive_id is not null) STORED NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fac_id" integer NOT NULL,
	"widget" text NOT NULL,
	"contact_method" text DEFAULT 'Email' NOT NULL,
	"contact_info" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_settings" (
	"fac_id" integer NOT NULL,
	"widget" text NOT NULL,
	"setting_name" text NOT NULL,
	"setting_value" text NOT NULL,
	"setting_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "facility_settings_fac_id_widget_setting_name_pk" PRIMARY KEY("fac_id","widget","setting_name")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"root" text NOT NULL,
	"is_top_level" boolean DEFAULT false NOT NULL,
	"fac_id" integer,
	"state" text,
	"file_type" text DEFAULT '' NOT NULL,
	"full_file_type" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_added_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"pathname_at_deletion" text
);
--> statement-breakpoint
CREATE TABLE "packing_slip_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slip_id" integer NOT NULL,
	"pat_id" text NOT NULL,
	"pat_name" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"bed" text DEFAULT '' NOT NULL,
	"rx_no" text NOT NULL,
	"ro_no" text DEFAULT '' NOT NULL,
	"dea_class" text DEFAULT '' NOT NULL,
	"qty" text NOT NULL,
	"drug_label_name" text NOT NULL,
	"ph_name" text DEFAULT '' NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"new_rx" boolean DEFAULT false NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"pack_slip_msg" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_slips" (
	"id" serial PRIMARY KEY NOT NULL,
	"fac_id" integer NOT NULL,
	"tote_id" text NOT NULL,
	"ns_id" text NOT NULL,
	"ns_name" text NOT NULL,
	"ship_date" timestamp with time zone NOT NULL,
	"delivery_route" text DEFAULT '' NOT NULL,
	"legal_header" text DEFAULT '' NOT NULL,
	"show_delivery_info" boolean DEFAULT false NOT NULL,
	"delivered_by" text,
	"received_by" text,
	"received_at" timestamp with time zone,
	"signor_title" text,
	"signature" text
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"author" text NOT NULL,
	"pharm_user_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pharm_user_description" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"author" text NOT NULL,
	CONSTRAINT "versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"record_type" text DEFAULT '' NOT NULL,
	"record_id" text DEFAULT '' NOT NULL,
	"fac_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"fac_id" integer NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"fac_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pharm_id" text NOT NULL,
	"state" text NOT NULL,
	"street1" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_memberships" (
	"user_id" integer NOT NULL,
	"fac_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_memberships_user_id_fac_id_pk" PRIMARY KEY("user_id","fac_id")
);
--> statement-breakpoint
CREATE TABLE "facility_permissions" (
	"fac_id" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "facility_permissions_fac_id_key_pk" PRIMARY KEY("fac_id","key")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"pharm_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"form_set" text NOT NULL,
	"street1" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharm_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pharmacy_memberships" (
	"user_id" integer NOT NULL,
	"pharm_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacy_memberships_user_id_pharm_id_pk" PRIMARY KEY("user_id","pharm_id")
);
--> statement-breakpoint
CREATE TABLE "pharmacy_permissions" (
	"pharm_id" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "pharmacy_permissions_pharm_id_key_pk" PRIMARY KEY("pharm_id","key")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"entity" text NOT NULL,
	"role" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "role_permissions_entity_role_key_pk" PRIMARY KEY("entity","role","key")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "roles_entity_name_pk" PRIMARY KEY("entity","name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_login_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_mfa" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"enabled_at" timestamp with time zone,
	"recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"user_type" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"beta_user" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mediprocity_user" text,
	"mediprocity_secret" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reminders" ADD CONSTRAINT "alert_reminders_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_contacts" ADD CONSTRAINT "facility_contacts_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_settings" ADD CONSTRAINT "facility_settings_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_settings" ADD CONSTRAINT "facility_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_parent_id_files_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_slip_items" ADD CONSTRAINT "packing_slip_items_slip_id_packing_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."packing_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_slips" ADD CONSTRAINT "packing_slips_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_pharm_id_pharmacies_pharm_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "public"."pharmacies"("pharm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_memberships" ADD CONSTRAINT "facility_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_memberships" ADD CONSTRAINT "facility_memberships_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_permissions" ADD CONSTRAINT "facility_permissions_fac_id_facilities_fac_id_fk" FOREIGN KEY ("fac_id") REFERENCES "public"."facilities"("fac_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_api_keys" ADD CONSTRAINT "pharmacy_api_keys_pharm_id_pharmacies_pharm_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "public"."pharmacies"("pharm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_api_keys" ADD CONSTRAINT "pharmacy_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_memberships" ADD CONSTRAINT "pharmacy_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_memberships" ADD CONSTRAINT "pharmacy_memberships_pharm_id_pharmacies_pharm_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "public"."pharmacies"("pharm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_permissions" ADD CONSTRAINT "pharmacy_permissions_pharm_id_pharmacies_pharm_id_fk" FOREIGN KEY ("pharm_id") REFERENCES "public"."pharmacies"("pharm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_actions_alert_idx" ON "alert_actions" USING btree ("alert_id","sent_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_uuid_idx" ON "alerts" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "alerts_live_fac_idx" ON "alerts" USING btree ("widget","fac_id","date_created","id") WHERE not "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_live_widget_idx" ON "alerts" USING btree ("widget","date_created","id","fac_id") WHERE not "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_archived_fac_idx" ON "alerts" USING btree ("widget","fac_id","archived_at","id") WHERE "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_rx_idx" ON "alerts" USING btree ("widget","rx_no");--> statement-breakpoint
CREATE INDEX "alerts_group_idx" ON "alerts" USING btree ("widget","group_id") WHERE "alerts"."group_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "facility_contacts_unique_idx" ON "facility_contacts" USING btree ("fac_id","widget",lower("contact_info"));--> statement-breakpoint
CREATE INDEX "files_parent_idx" ON "files" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "files_deleted_idx" ON "files" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "packing_slip_items_slip_idx" ON "packing_slip_items" USING btree ("slip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_slips_tote_idx" ON "packing_slips" USING btree ("fac_id","tote_id");--> statement-breakpoint
CREATE INDEX "packing_slips_ship_idx" ON "packing_slips" USING btree ("ship_date");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_fac_idx" ON "audit_events" USING btree ("fac_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "facilities_pharm_idx" ON "facilities" USING btree ("pharm_id");--> statement-breakpoint
CREATE INDEX "facility_memberships_fac_idx" ON "facility_memberships" USING btree ("fac_id");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_api_keys_hash_idx" ON "pharmacy_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "pharmacy_memberships_pharm_idx" ON "pharmacy_memberships" USING btree ("pharm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_idx" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;