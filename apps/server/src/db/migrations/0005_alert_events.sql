CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"widget" text NOT NULL,
	"fac_id" integer NOT NULL,
	"alert_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_events_at_idx" ON "alert_events" USING btree ("at");--> statement-breakpoint
-- The events of GET /api/events, written by the database in the same transaction as the change, so every writer
-- (the action and read routes, ingest, the auto-respond sweep, a seed, a hand-written UPDATE) is covered. One
-- INSERT ... SELECT per statement from its transition tables, so a 2,000-row bulk insert costs one statement, not
-- 2,000 row triggers. Each statement that wrote events notifies 'alert_events' with 'first:last' of its ids; the
-- notification is delivered at commit, when the rows are visible. A session (or transaction) that sets
-- portal.alert_events = 'off' writes no events (the bulk seeds do, to stay fast).
CREATE FUNCTION alert_events_enabled() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('portal.alert_events', true), '') <> 'off'
$$;--> statement-breakpoint
CREATE FUNCTION alert_events_notify(first_id bigint, last_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF last_id IS NOT NULL THEN
    PERFORM pg_notify('alert_events', first_id::text || ':' || last_id::text);
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_events_on_alert_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  IF NOT alert_events_enabled() THEN RETURN NULL; END IF;
  WITH written AS (
    INSERT INTO alert_events (at, kind, widget, fac_id, alert_id)
      SELECT clock_timestamp(), 'alert.created', widget, fac_id, id FROM new_rows ORDER BY id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update that archives is 'alert.archived'; one that changes only the read state is 'read.changed'; any other
-- real change (un-archive included) is 'alert.changed'. An update that changes nothing but updated_at (an
-- idempotent ingest) writes no event.
CREATE FUNCTION alert_events_on_alert_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  IF NOT alert_events_enabled() THEN RETURN NULL; END IF;
  WITH written AS (
    INSERT INTO alert_events (at, kind, widget, fac_id, alert_id)
      SELECT clock_timestamp(),
        CASE
          WHEN n.is_archived AND NOT o.is_archived THEN 'alert.archived'
          WHEN (to_jsonb(o) - 'read_by_faci' - 'updated_at') = (to_jsonb(n) - 'read_by_faci' - 'updated_at')
            THEN 'read.changed'
          ELSE 'alert.changed'
        END,
        n.widget, n.fac_id, n.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(o) - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'updated_at')
      ORDER BY n.id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_events_on_action_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  IF NOT alert_events_enabled() THEN RETURN NULL; END IF;
  WITH written AS (
    INSERT INTO alert_events (at, kind, widget, fac_id, alert_id)
      SELECT clock_timestamp(), 'action.recorded', a.widget, a.fac_id, a.id
      FROM new_rows n JOIN alerts a ON a.id = n.alert_id
      ORDER BY n.id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Marking Replies read or unread: one 'read.changed' per alert whose Replies' read state moved.
CREATE FUNCTION alert_events_on_action_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  IF NOT alert_events_enabled() THEN RETURN NULL; END IF;
  WITH written AS (
    INSERT INTO alert_events (at, kind, widget, fac_id, alert_id)
      SELECT clock_timestamp(), 'read.changed', a.widget, a.fac_id, a.id
      FROM alerts a
      WHERE a.id IN (
        SELECT n.alert_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE o.read_by_faci IS DISTINCT FROM n.read_by_faci
      )
      ORDER BY a.id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alert_events_alert_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_events_on_alert_insert();--> statement-breakpoint
CREATE TRIGGER alert_events_alert_update AFTER UPDATE ON alerts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_events_on_alert_update();--> statement-breakpoint
CREATE TRIGGER alert_events_action_insert AFTER INSERT ON alert_actions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_events_on_action_insert();--> statement-breakpoint
CREATE TRIGGER alert_events_action_update AFTER UPDATE ON alert_actions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_events_on_action_update();
