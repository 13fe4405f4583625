CREATE TABLE "departure_guest_counts" (
	"tour_instance_id" integer PRIMARY KEY NOT NULL,
	"total_guests" integer DEFAULT 0 NOT NULL,
	"confirmed_guests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departure_guest_counts" ADD CONSTRAINT "departure_guest_counts_tour_instance_id_tour_instances_id_fk" FOREIGN KEY ("tour_instance_id") REFERENCES "public"."tour_instances"("id") ON DELETE cascade ON UPDATE no action;