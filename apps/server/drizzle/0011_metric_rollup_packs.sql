CREATE TABLE "metric_rollup_packs" (
	"device_id" integer NOT NULL,
	"resolution" smallint NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"samples" integer[] NOT NULL,
	"cpu_min" real[] NOT NULL,
	"cpu_avg" real[] NOT NULL,
	"cpu_max" real[] NOT NULL,
	"memory_used_min" double precision[] NOT NULL,
	"memory_used_avg" double precision[] NOT NULL,
	"memory_used_max" double precision[] NOT NULL,
	"memory_total_max" double precision[] NOT NULL,
	"network_in_min" double precision[] NOT NULL,
	"network_in_avg" double precision[] NOT NULL,
	"network_in_max" double precision[] NOT NULL,
	"network_out_min" double precision[] NOT NULL,
	"network_out_avg" double precision[] NOT NULL,
	"network_out_max" double precision[] NOT NULL,
	"disks" jsonb NOT NULL,
	CONSTRAINT "metric_rollup_packs_device_id_resolution_period_pk" PRIMARY KEY("device_id","resolution","period")
);
--> statement-breakpoint
ALTER TABLE "metric_rollup_packs" ADD CONSTRAINT "metric_rollup_packs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_rollup_packs_resolution_period_idx" ON "metric_rollup_packs" USING btree ("resolution","period");