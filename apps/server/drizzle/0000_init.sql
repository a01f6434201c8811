CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_factors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"secret_encrypted" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"mfa_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "technician_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "technician_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_technician_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_technician_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"is_system_admin" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'INVITED' NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"invited_by_user_id" integer,
	"login_failed_count" integer DEFAULT 0 NOT NULL,
	"login_locked_until" timestamp with time zone,
	"mfa_failed_count" integer DEFAULT 0 NOT NULL,
	"mfa_locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"use_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"username" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_field_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"field_id" integer NOT NULL,
	"organization_id" integer,
	"location_id" integer,
	"device_id" integer,
	"value" jsonb NOT NULL,
	"value_text" text NOT NULL,
	"value_num" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "custom_field_values_one_level" CHECK (num_nonnulls("custom_field_values"."organization_id", "custom_field_values"."location_id", "custom_field_values"."device_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"role_id" integer,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"behaviour" text DEFAULT 'OPTIONAL' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text,
	"name" text NOT NULL,
	"os_family" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_field_values" (
	"device_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value_text" text NOT NULL,
	"value_num" double precision,
	"source" text NOT NULL,
	CONSTRAINT "device_field_values_device_id_field_id_pk" PRIMARY KEY("device_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "device_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "device_inventories" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"inventory" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"software_count" integer DEFAULT 0 NOT NULL,
	"pending_reboot" boolean DEFAULT false NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'DOWN' NOT NULL,
	"approval_status" text NOT NULL,
	"os_family" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(hostname || ' ' || coalesce(display_name, '') || ' ' || ip_addresses || ' ' || coalesce(public_ip, '') || ' ' || os_name || ' ' || os_version)) STORED NOT NULL,
	"sort_name" text GENERATED ALWAYS AS (lower(coalesce(display_name, hostname))) STORED NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"hostname" text NOT NULL,
	"os_name" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"agent_version" text DEFAULT '' NOT NULL,
	"ip_addresses" text DEFAULT '' NOT NULL,
	"public_key" text NOT NULL,
	"role_id" integer,
	"display_name" text,
	"last_contact_at" timestamp with time zone,
	"public_ip" text,
	"inventory_updated_at" timestamp with time zone,
	"total_memory_bytes" bigint,
	"min_free_disk_percent" real,
	"enrollment_token_id" integer
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_uid" text NOT NULL,
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"job_type" text NOT NULL,
	"job_name" text NOT NULL,
	"job_status" text NOT NULL,
	"job_result" text,
	"message" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"app_user_id" integer,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"delivery" text DEFAULT 'QUEUED' NOT NULL,
	"stdout" text DEFAULT '' NOT NULL,
	"stderr" text DEFAULT '' NOT NULL,
	"output_truncated" boolean DEFAULT false NOT NULL,
	"exit_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"node_approval_mode" text DEFAULT 'AUTOMATIC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product" text NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"action" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"targets" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"run_count" integer DEFAULT 0 NOT NULL,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"last_run_job_count" integer,
	"last_run_error" text,
	"created_by_user_id" integer NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scripts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"os" text NOT NULL,
	"architecture" text DEFAULT 'ALL' NOT NULL,
	"timeout_seconds" integer DEFAULT 600 NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"presets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" text NOT NULL,
	"template_id" text,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_technician_roles" ADD CONSTRAINT "user_technician_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_technician_roles" ADD CONSTRAINT "user_technician_roles_role_id_technician_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."technician_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_role_id_device_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."device_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_field_values" ADD CONSTRAINT "device_field_values_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_field_values" ADD CONSTRAINT "device_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_activities" ADD CONSTRAINT "device_activities_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_inventories" ADD CONSTRAINT "device_inventories_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_role_id_device_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."device_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "mfa_factors_user_idx" ON "mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_token_key" ON "users" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_tokens_hash_key" ON "enrollment_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enrollment_tokens_org_idx" ON "enrollment_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_org_name_key" ON "credentials" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_preferred_key" ON "credentials" USING btree ("organization_id","type") WHERE "credentials"."preferred";--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_device_key" ON "custom_field_values" USING btree ("device_id","field_id") WHERE "custom_field_values"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_location_key" ON "custom_field_values" USING btree ("location_id","field_id") WHERE "custom_field_values"."location_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_organization_key" ON "custom_field_values" USING btree ("organization_id","field_id") WHERE "custom_field_values"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("field_id",lower("value_text"));--> statement-breakpoint
CREATE INDEX "custom_field_values_num_idx" ON "custom_field_values" USING btree ("field_id","value_num");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_name_key" ON "custom_fields" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_role_idx" ON "custom_fields" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_roles_key_key" ON "device_roles" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "device_roles_name_key" ON "device_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "device_field_values_text_idx" ON "device_field_values" USING btree ("field_id",lower("value_text"),"device_id");--> statement-breakpoint
CREATE INDEX "device_field_values_num_idx" ON "device_field_values" USING btree ("field_id","value_num","device_id");--> statement-breakpoint
CREATE INDEX "device_activities_device_idx" ON "device_activities" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_activities_org_idx" ON "device_activities" USING btree ("organization_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_public_key_key" ON "devices" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "devices_org_idx" ON "devices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "devices_status_idx" ON "devices" USING btree ("status","sort_name","id");--> statement-breakpoint
CREATE INDEX "devices_hostname_idx" ON "devices" USING btree (lower("hostname"));--> statement-breakpoint
CREATE INDEX "devices_sort_name_idx" ON "devices" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "devices_role_idx" ON "devices" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "devices_os_family_idx" ON "devices" USING btree ("os_family");--> statement-breakpoint
CREATE INDEX "devices_approval_idx" ON "devices" USING btree ("approval_status");--> statement-breakpoint
CREATE INDEX "devices_tags_idx" ON "devices" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "devices_free_disk_idx" ON "devices" USING btree ("min_free_disk_percent");--> statement-breakpoint
CREATE INDEX "devices_status_changed_idx" ON "devices" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_job_uid_key" ON "jobs" USING btree ("job_uid");--> statement-breakpoint
CREATE INDEX "jobs_device_open_idx" ON "jobs" USING btree ("device_id","job_status");--> statement-breakpoint
CREATE INDEX "jobs_org_created_idx" ON "jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_name_key" ON "locations" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_org_idx" ON "locations" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_key" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_name_key" ON "saved_searches" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "scheduled_tasks_due_idx" ON "scheduled_tasks" USING btree ("next_run_at") WHERE "scheduled_tasks"."enabled" and "scheduled_tasks"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "scheduled_tasks_name_idx" ON "scheduled_tasks" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_name_key" ON "scripts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "scripts_language_os_idx" ON "scripts" USING btree ("language","os");