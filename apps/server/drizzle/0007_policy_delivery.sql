CREATE TABLE "device_policy_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"policy_id" integer,
	"version" integer,
	"enforced" boolean NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_policy_states" ADD CONSTRAINT "device_policy_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;