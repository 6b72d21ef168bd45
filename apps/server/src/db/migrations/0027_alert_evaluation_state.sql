-- What one alert evaluation reads (modules/alerts/alert-engine.repository.ts, readEvaluationState), in one call:
-- locks the sites p_site_ids (FOR NO KEY UPDATE, in id order: two evaluations never deadlock), then — in a second
-- statement, whose snapshot is taken after the lock was granted, so what an evaluation of these sites committed
-- meanwhile is seen — reads for the equipment p_equipment_ids of space p_space_id on those sites: the space's alert
-- settings (p_default_consumption_days: the default bait_consumption_days of a space without settings), the equipment, the latest reading of each station, every station of the sites with its daily bait
-- consumption, the open alerts and the last acknowledgements. One round trip instead of eight (docs/decisions/025).
--
-- Answers a JSON object {sites, settings, items, latest, stations, consumption, open_alerts, acknowledgements}
-- (arrays of rows, null when empty; settings null when the space has none). Called inside the engine's transaction the
-- locks last until its commit; called on its own (the engine's first look, which usually finds nothing to change)
-- they last for the call.
CREATE FUNCTION alert_evaluation_state(
  p_space_id bpchar, p_site_ids bpchar[], p_equipment_ids bpchar[], p_default_consumption_days int
)
RETURNS json
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  locked bpchar[];
  state json;
BEGIN
  SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}')
  INTO locked
  FROM (SELECT id FROM sites WHERE id = ANY (p_site_ids) ORDER BY id FOR NO KEY UPDATE) s;

  WITH settings AS (
    SELECT termite_activity_threshold, colony_station_count, bait_consumption_threshold, bait_consumption_days,
      weak_signal_dbm, expected_uplink_hours
    FROM alert_settings WHERE space_id = p_space_id
  ),
  items AS (
    SELECT id, site_id, kind, reference, trap_type, battery_level, signal_level, last_update_at, created_at
    FROM equipment
    WHERE space_id = p_space_id AND id = ANY (p_equipment_ids) AND site_id = ANY (locked)
  ),
  latest AS (
    -- the time of a station's latest reading from its newest daily aggregate, then one primary-key probe in that
    -- time's month partition (a parameter of the probe, so that the executor prunes the other months)
    SELECT e.id AS equipment_id, r.measured_at, r.termite_activity, r.bait_consumption, r.battery_level,
      r.signal_level
    FROM items e
    JOIN LATERAL (
      SELECT measured_at, termite_activity, bait_consumption, battery_level, signal_level
      FROM readings
      WHERE equipment_id = e.id
        AND measured_at = (
          SELECT last_measured_at FROM reading_days WHERE equipment_id = e.id ORDER BY day DESC LIMIT 1
        )
    ) r ON true
    WHERE e.kind <> 'gateway'
  ),
  stations AS (
    SELECT id, site_id, reference FROM equipment WHERE site_id = ANY (locked) AND kind <> 'gateway'
  ),
  consumption AS (
    -- one index probe and bait_consumption_days + 1 rows a station, whatever the number of readings
    SELECT d.equipment_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.max_consumption::int AS max_consumption,
      d.last_measured_at
    FROM stations e
    JOIN LATERAL (SELECT max(day) AS latest FROM reading_days WHERE equipment_id = e.id) l ON l.latest IS NOT NULL
    JOIN reading_days d ON d.equipment_id = e.id
      AND d.day >= l.latest - coalesce((SELECT bait_consumption_days FROM settings), p_default_consumption_days)
  ),
  open_alerts AS (
    SELECT id, space_id, site_id, equipment_id, type, opened_at, details
    FROM alerts WHERE site_id = ANY (locked) AND closed_at IS NULL
  ),
  acknowledgements AS (
    SELECT site_id, equipment_id, type, max(closed_at) AS at
    FROM alerts WHERE site_id = ANY (locked) AND close_reason = 'acknowledged'
    GROUP BY site_id, equipment_id, type
  )
  SELECT json_build_object(
    'sites', to_json(locked),
    'settings', (SELECT row_to_json(s) FROM settings s),
    'items', (SELECT json_agg(x) FROM items x),
    'latest', (SELECT json_agg(x) FROM latest x),
    'stations', (SELECT json_agg(x) FROM stations x),
    'consumption', (SELECT json_agg(x) FROM consumption x),
    'open_alerts', (SELECT json_agg(x) FROM open_alerts x),
    'acknowledgements', (SELECT json_agg(x) FROM acknowledgements x)
  )
  INTO state;
  RETURN state;
END;
$$;
