CREATE SEQUENCE "public"."alert_list_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "list_rev" bigint DEFAULT nextval('alert_list_rev_seq') NOT NULL;--> statement-breakpoint
-- The list call reads each page row's id and list_rev, and fetches list_json only for the rows its wire cache
-- lacks (features/alerts/wire-cache.ts), so (id, list_rev) must name one exact text: the row trigger takes a fresh
-- revision whenever it writes a new list_json (every insert; an update that changes the text) and keeps the old
-- one otherwise, whatever the writer set. The ADD COLUMN above gave every existing row its own revision.
CREATE OR REPLACE FUNCTION alert_list_json_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := alert_list_json(NEW);
  IF TG_OP = 'INSERT' OR NEW.list_json IS DISTINCT FROM OLD.list_json THEN
    NEW.list_rev := nextval('alert_list_rev_seq');
  ELSE
    NEW.list_rev := OLD.list_rev;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- list_rev moves with list_json, so it is left out of the live-update comparisons as list_json is (0008):
-- otherwise every discussion change would also report 'alert.changed'.
CREATE OR REPLACE FUNCTION alert_events_on_alert_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
          WHEN (to_jsonb(o) - 'read_by_faci' - 'updated_at' - 'list_json' - 'list_rev')
            = (to_jsonb(n) - 'read_by_faci' - 'updated_at' - 'list_json' - 'list_rev')
            THEN 'read.changed'
          ELSE 'alert.changed'
        END,
        n.widget, n.fac_id, n.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(o) - 'updated_at' - 'list_json' - 'list_rev')
        IS DISTINCT FROM (to_jsonb(n) - 'updated_at' - 'list_json' - 'list_rev')
      ORDER BY n.id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;
