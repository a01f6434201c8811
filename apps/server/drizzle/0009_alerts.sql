CREATE TABLE "alert_condition_states" (
	"device_id" integer NOT NULL,
	"condition_key" text NOT NULL,
	"organization_id" integer NOT NULL,
	"transitions" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"flapping" boolean DEFAULT false NOT NULL,
	"last_transition_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_condition_states_device_id_condition_key_pk" PRIMARY KEY("device_id","condition_key")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"policy_id" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"severity" text NOT NULL,
	"priority" text NOT NULL,
	"health_status" text NOT NULL,
	"condition_key" text NOT NULL,
	"condition_name" text NOT NULL,
	"condition_kind" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"value" double precision,
	"detail" text DEFAULT '' NOT NULL,
	"flapping" boolean DEFAULT false NOT NULL,
	"in_maintenance" boolean DEFAULT false NOT NULL,
	"auto_reset_at" timestamp with time zone,
	"acknowledged_by_user_id" integer,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_note" text,
	"reset_cause" text,
	"reset_at" timestamp with time zone,
	"reset_by_user_id" integer,
	"reset_by" text,
	"reset_note" text
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "health_status" text DEFAULT 'HEALTHY' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "alert_email_severities" text[];--> statement-breakpoint
ALTER TABLE "alert_condition_states" ADD CONSTRAINT "alert_condition_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_condition_states_flapping_idx" ON "alert_condition_states" USING btree ("last_transition_at") WHERE "alert_condition_states"."flapping";--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_condition_key" ON "alerts" USING btree ("device_id","condition_key") WHERE "alerts"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "alerts_org_status_idx" ON "alerts" USING btree ("organization_id","status","last_seen_at");--> statement-breakpoint
CREATE INDEX "alerts_status_last_seen_idx" ON "alerts" USING btree ("status","last_seen_at");--> statement-breakpoint
CREATE INDEX "alerts_device_status_idx" ON "alerts" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "alerts_auto_reset_idx" ON "alerts" USING btree ("auto_reset_at") WHERE "alerts"."status" = 'OPEN' and "alerts"."auto_reset_at" is not null;--> statement-breakpoint
CREATE INDEX "devices_health_idx" ON "devices" USING btree ("health_status","sort_name","id");