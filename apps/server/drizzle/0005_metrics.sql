CREATE TABLE "metric_rollup_pending" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_rollups" (
	"device_id" integer NOT NULL,
	"resolution" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"cpu_min" real NOT NULL,
	"cpu_avg" real NOT NULL,
	"cpu_max" real NOT NULL,
	"memory_used_min" double precision NOT NULL,
	"memory_used_avg" double precision NOT NULL,
	"memory_used_max" double precision NOT NULL,
	"memory_total_max" double precision NOT NULL,
	"network_in_min" double precision NOT NULL,
	"network_in_avg" double precision NOT NULL,
	"network_in_max" double precision NOT NULL,
	"network_out_min" double precision NOT NULL,
	"network_out_avg" double precision NOT NULL,
	"network_out_max" double precision NOT NULL,
	"disks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "metric_rollups_device_id_resolution_bucket_pk" PRIMARY KEY("device_id","resolution","bucket")
);
--> statement-breakpoint
CREATE TABLE "metric_samples" (
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_used_bytes" double precision NOT NULL,
	"memory_total_bytes" double precision NOT NULL,
	"network_in_bps" double precision NOT NULL,
	"network_out_bps" double precision NOT NULL,
	"disks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "metric_samples_device_id_at_pk" PRIMARY KEY("device_id","at")
);
--> statement-breakpoint
ALTER TABLE "metric_rollup_pending" ADD CONSTRAINT "metric_rollup_pending_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_rollups" ADD CONSTRAINT "metric_rollups_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_rollups_resolution_bucket_idx" ON "metric_rollups" USING btree ("resolution","bucket");--> statement-breakpoint
CREATE INDEX "metric_samples_at_idx" ON "metric_samples" USING btree ("at");