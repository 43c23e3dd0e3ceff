ALTER TABLE "alerts" ADD COLUMN "list_json" text;--> statement-breakpoint
-- list_json is derived from the alert and its discussion, so an update that changes only list_json (a discussion
-- change touching its alerts, the rebuild at the end of this file) is no change of its own and writes no
-- alert_events row: the discussion's own triggers report it ('action.recorded', 'read.changed'). A real update
-- also rebuilds list_json in the same row, so list_json is left out of the read-only comparison too, or a read
-- mark would count as 'alert.changed'. Otherwise as in 0005_alert_events.sql.
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
          WHEN (to_jsonb(o) - 'read_by_faci' - 'updated_at' - 'list_json')
            = (to_jsonb(n) - 'read_by_faci' - 'updated_at' - 'list_json')
            THEN 'read.changed'
          ELSE 'alert.changed'
        END,
        n.widget, n.fac_id, n.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(o) - 'updated_at' - 'list_json') IS DISTINCT FROM (to_jsonb(n) - 'updated_at' - 'list_json')
      ORDER BY n.id
    RETURNING id
  )
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  PERFORM alert_events_notify(first_id, last_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The list call's row (bench/README.md): the alert's typed fields and its discussion, as the list statement built
-- them per request before (timestamps as Date#toISOString(), numerics as float8, the discussion oldest first), so a
-- page reads one column per alert. is_archived is computed here: generated columns are not set yet in a BEFORE
-- trigger.
CREATE FUNCTION alert_list_json(a alerts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'alert', json_build_object(
      'id', a.id, 'uuid', a.uuid, 'widget', a.widget, 'facId', a.fac_id, 'pharmId', a.pharm_id, 'rxNo', a.rx_no,
      'rxGuid', a.rx_guid, 'generatedId', a.generated_id, 'groupId', a.group_id, 'patName', a.pat_name,
      'drugLabelName', a.drug_label_name, 'qty', a.qty::float8, 'orgQty', a.org_qty::float8,
      'daysSupply', a.days_supply, 'orgDaysSupply', a.org_days_supply, 'ttlPrice', a.ttl_price::float8,
      'dispenseDt', to_char(a.dispense_dt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'dateCreated', to_char(a.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'nsid', a.nsid, 'nsName', a.ns_name, 'room', a.room, 'bed', a.bed, 'srxStatus', a.srx_status,
      'pharmacyStatus', a.pharmacy_status, 'displayStatus', a.display_status, 'readByFaci', a.read_by_faci,
      'archivedAt', to_char(a.archived_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'archiveId', a.archive_id, 'isArchived', (a.archived_at IS NOT NULL OR a.archive_id IS NOT NULL),
      'details', a.details),
    'actions', coalesce((SELECT json_agg(json_build_object(
        'id', x.id, 'alertId', x.alert_id, 'action', x.action, 'comment', x.comment, 'limitDays', x.limit_days,
        'requestedByUserId', x.requested_by_user_id, 'requestedBy', x.requested_by, 'isAutomatic', x.is_automatic,
        'sentAt', to_char(x.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'readByFaci', x.read_by_faci) ORDER BY x.sent_at, x.id)
      FROM alert_actions x WHERE x.alert_id = a.id), '[]'::json))::text
$$;--> statement-breakpoint
-- Every insert or update of an alert rebuilds its row in the writer's transaction.
CREATE FUNCTION alert_list_json_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := alert_list_json(NEW);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A change of a discussion touches its alerts once per statement (transition tables); the alert's own trigger
-- then rebuilds the row with the discussion as it now is.
CREATE FUNCTION alert_list_json_on_action_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET list_json = NULL WHERE id IN (SELECT alert_id FROM new_rows);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_list_json_on_action_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET list_json = NULL
    WHERE id IN (SELECT alert_id FROM new_rows UNION SELECT alert_id FROM old_rows);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_list_json_on_action_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET list_json = NULL WHERE id IN (SELECT alert_id FROM old_rows);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_list_json_on_action_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET list_json = NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alert_list_json_write BEFORE INSERT OR UPDATE ON alerts
  FOR EACH ROW EXECUTE FUNCTION alert_list_json_on_write();--> statement-breakpoint
CREATE TRIGGER alert_list_json_action_insert AFTER INSERT ON alert_actions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_list_json_on_action_insert();--> statement-breakpoint
CREATE TRIGGER alert_list_json_action_update AFTER UPDATE ON alert_actions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_list_json_on_action_update();--> statement-breakpoint
CREATE TRIGGER alert_list_json_action_delete AFTER DELETE ON alert_actions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_list_json_on_action_delete();--> statement-breakpoint
CREATE TRIGGER alert_list_json_action_truncate AFTER TRUNCATE ON alert_actions
  FOR EACH STATEMENT EXECUTE FUNCTION alert_list_json_on_action_truncate();--> statement-breakpoint
UPDATE alerts SET list_json = NULL;
