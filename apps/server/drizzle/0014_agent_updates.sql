CREATE TABLE "agent_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"platform" text NOT NULL,
	"arch" text NOT NULL,
	"artifact_name" text NOT NULL,
	"length" integer NOT NULL,
	"sha256" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_rollout_devices" (
	"rollout_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"ring" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"offered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_rollout_devices_rollout_id_device_id_pk" PRIMARY KEY("rollout_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "agent_rollouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_rollouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"state" text DEFAULT 'RUNNING' NOT NULL,
	"rings" jsonb NOT NULL,
	"current_ring" integer DEFAULT 0 NOT NULL,
	"max_concurrent" integer DEFAULT 500 NOT NULL,
	"health_seconds" integer DEFAULT 300 NOT NULL,
	"bytes_per_second" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_update_metadata" (
	"role" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_update_metadata_role_version_pk" PRIMARY KEY("role","version")
);
--> statement-breakpoint
ALTER TABLE "agent_rollout_devices" ADD CONSTRAINT "agent_rollout_devices_rollout_id_agent_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."agent_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_rollout_devices" ADD CONSTRAINT "agent_rollout_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_rollout_devices" ADD CONSTRAINT "agent_rollout_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_releases_build_idx" ON "agent_releases" USING btree ("version","platform","arch");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_releases_artifact_idx" ON "agent_releases" USING btree ("artifact_name");--> statement-breakpoint
CREATE INDEX "agent_rollout_devices_state_idx" ON "agent_rollout_devices" USING btree ("rollout_id","state","ring");--> statement-breakpoint
CREATE INDEX "agent_rollout_devices_device_idx" ON "agent_rollout_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "agent_rollout_devices_org_idx" ON "agent_rollout_devices" USING btree ("organization_id","rollout_id");