-- An alert's displayStatus (spec 1, section 4: new, old, deleted, approved ...) follows from its answer, its read
-- state and, for a flat high cost alert, its deleted flag, so it is no longer stored: a stored copy went stale on
-- every read mark and was never 'deleted'. The wire alert derives it with the domain's rowDisplayState
-- (features/alerts/mapping.ts). The kept list row stops carrying the column before the column goes, and every kept
-- row is rebuilt after it, as 0008 filled them (a list_json-only change writes no alert event), so each (id,
-- list_rev) still names exactly the text alert_list_json builds.
CREATE OR REPLACE FUNCTION alert_list_json(a alerts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'alert', json_build_object(
      'id', a.id, 'uuid', a.uuid, 'widget', a.widget, 'facId', a.fac_id, 'pharmId', a.pharm_id, 'rxNo', a.rx_no,
      'rxGuid', a.rx_guid, 'generatedId', a.generated_id, 'groupId', a.group_id, 'patName', a.pat_name,
      'drugLabelName', a.drug_label_name, 'qty', a.qty::float8, 'orgQty', a.org_qty::float8,
      'daysSupply', a.days_supply, 'orgDaysSupply', a.org_days_supply, 'ttlPrice', a.ttl_price::float8,
      'dispenseDt', to_char(a.dispense_dt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'dateCreated', to_char(a.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'nsid', a.nsid, 'nsName', a.ns_name, 'room', a.room, 'bed', a.bed, 'srxStatus', a.srx_status,
      'pharmacyStatus', a.pharmacy_status, 'readByFaci', a.read_by_faci,
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
ALTER TABLE "alerts" DROP COLUMN "display_status";--> statement-breakpoint
UPDATE alerts SET list_json = NULL;
