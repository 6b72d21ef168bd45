CREATE TABLE "reading_days" (
	"equipment_id" char(26) NOT NULL,
	"day" date NOT NULL,
	"max_consumption" smallint NOT NULL,
	"last_measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_days_pkey" PRIMARY KEY("equipment_id","day")
);
--> statement-breakpoint
ALTER TABLE "reading_days" ADD CONSTRAINT "reading_days_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the daily aggregates of the readings already stored (docs/decisions/025); ingestion keeps them in step from now on
INSERT INTO "reading_days" ("equipment_id", "day", "max_consumption", "last_measured_at")
SELECT "equipment_id", ("measured_at" AT TIME ZONE 'UTC')::date, max("bait_consumption"), max("measured_at")
FROM "readings"
GROUP BY 1, 2;
