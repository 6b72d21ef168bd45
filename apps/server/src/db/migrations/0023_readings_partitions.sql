-- readings partitioned by month of measured_at (issue 16 "Telemetry at scale"; docs/decisions/025): the table is
-- rebuilt as PARTITION BY RANGE with the same columns, key (equipment_id, measured_at — the partition key is part of
-- it, so an uplink's duplicates are still found) and foreign key; one partition per UTC month from the oldest reading
-- to three months ahead (the partition job keeps making them), a default partition so that an insert never fails,
-- then the existing readings are copied over.
ALTER TABLE "readings" RENAME TO "readings_unpartitioned";
--> statement-breakpoint
ALTER TABLE "readings_unpartitioned" RENAME CONSTRAINT "readings_pkey" TO "readings_unpartitioned_pkey";
--> statement-breakpoint
CREATE TABLE "readings" (
	"equipment_id" char(26) NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"termite_activity" smallint NOT NULL,
	"bait_consumption" smallint NOT NULL,
	"battery_level" text NOT NULL,
	"battery_percent" smallint,
	"signal_level" smallint NOT NULL,
	"state" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_pkey" PRIMARY KEY("equipment_id","measured_at")
) PARTITION BY RANGE ("measured_at");
--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "readings_default" PARTITION OF "readings" DEFAULT;
--> statement-breakpoint
DO $$
DECLARE
  first_month timestamp;
  month timestamp;
BEGIN
  -- at most ten years back: older readings (a device clock gone wrong) stay in the default partition
  SELECT greatest(date_trunc('month', coalesce(min("measured_at"), now()) AT TIME ZONE 'UTC'),
    date_trunc('month', now() AT TIME ZONE 'UTC') - interval '10 years') INTO first_month
  FROM "readings_unpartitioned";
  FOR month IN
    SELECT generate_series(first_month, date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
      interval '1 month')
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "readings" FOR VALUES FROM (%L) TO (%L)',
      'readings_p' || to_char(month, 'YYYYMM'), to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO "readings" ("equipment_id", "measured_at", "termite_activity", "bait_consumption", "battery_level",
  "battery_percent", "signal_level", "state", "received_at")
SELECT "equipment_id", "measured_at", "termite_activity", "bait_consumption", "battery_level", "battery_percent",
  "signal_level", "state", "received_at"
FROM "readings_unpartitioned";
--> statement-breakpoint
DROP TABLE "readings_unpartitioned";
