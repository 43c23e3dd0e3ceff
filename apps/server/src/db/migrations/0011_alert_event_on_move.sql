-- An alert moved to another facility (ingest re-sending it with a new facID) left the old facility's open
-- dashboards holding the row: the update wrote its event under the new facility only, which the old facility's
-- viewers are not sent. The move now also writes an event under the old facility. An event carries its alert only
-- while the alert is still at the event's facility (features/events/queries.ts), so the old facility's viewers get
-- the event without the alert and drop the row, and the new facility's get the alert as it now is.
CREATE OR REPLACE FUNCTION alert_events_on_alert_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  IF NOT alert_events_enabled() THEN RETURN NULL; END IF;
  WITH changed AS (
    SELECT n.id, n.widget, n.fac_id, o.fac_id AS old_fac_id,
      CASE
        WHEN n.is_archived AND NOT o.is_archived THEN 'alert.archived'
        WHEN (to_jsonb(o) - 'read_by_faci' - 'updated_at' - 'list_json' - 'list_rev')
          = (to_jsonb(n) - 'read_by_faci' - 'updated_at' - 'list_json' - 'list_rev')
          THEN 'read.changed'
        ELSE 'alert.changed'
      END AS kind
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (to_jsonb(o) - 'updated_at' - 'list_json' - 'list_rev')
      IS DISTINCT FROM (to_jsonb(n) - 'updated_at' - 'list_json' - 'list_rev')
  ), written AS (
    INSERT INTO alert_events (at, kind, widget, fac_id, alert_id)
      SELECT clock_timestamp(), e.kind, e.widget, e.fac_id, e.id
      FROM (
        SELECT id, widget, old_fac_id AS fac_id, kind, 0 AS ord FROM changed WHERE old_fac_id <> fac_id
        UNION ALL
        SELECT id, widget, fac_id, kind, 1 AS ord FROM changed
      ) e
      ORDER BY e.id, e.ord
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;
