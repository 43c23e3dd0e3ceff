CREATE TABLE "alert_counts" (
	"widget" text NOT NULL,
	"fac_id" integer NOT NULL,
	"is_archived" boolean NOT NULL,
	"alert_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_counts_widget_fac_id_is_archived_pk" PRIMARY KEY("widget","fac_id","is_archived")
);
--> statement-breakpoint
-- The counters follow every change of alerts in the same transaction: bulk inserts and deletes by statement
-- (transition tables, one upsert per facility and widget), updates only when they move an alert between counters
-- (archive, facility, widget), so the frequent status and read-state updates cost no counter write.
CREATE FUNCTION alert_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_counts AS c (widget, fac_id, is_archived, alert_count)
    SELECT widget, fac_id, is_archived, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (widget, fac_id, is_archived) DO UPDATE SET alert_count = c.alert_count + excluded.alert_count;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_counts AS c (widget, fac_id, is_archived, alert_count)
    SELECT widget, fac_id, is_archived, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (widget, fac_id, is_archived) DO UPDATE SET alert_count = c.alert_count + excluded.alert_count;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_counts_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_counts AS c (widget, fac_id, is_archived, alert_count)
    VALUES (OLD.widget, OLD.fac_id, OLD.is_archived, -1), (NEW.widget, NEW.fac_id, NEW.is_archived, 1)
  ON CONFLICT (widget, fac_id, is_archived) DO UPDATE SET alert_count = c.alert_count + excluded.alert_count;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION alert_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alert_counts_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER alert_counts_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_counts_on_delete();--> statement-breakpoint
CREATE TRIGGER alert_counts_move AFTER UPDATE ON alerts FOR EACH ROW
  WHEN (OLD.widget IS DISTINCT FROM NEW.widget OR OLD.fac_id IS DISTINCT FROM NEW.fac_id
    OR OLD.is_archived IS DISTINCT FROM NEW.is_archived)
  EXECUTE FUNCTION alert_counts_on_move();--> statement-breakpoint
CREATE TRIGGER alert_counts_truncate AFTER TRUNCATE ON alerts
  FOR EACH STATEMENT EXECUTE FUNCTION alert_counts_on_truncate();--> statement-breakpoint
INSERT INTO alert_counts (widget, fac_id, is_archived, alert_count)
  SELECT widget, fac_id, is_archived, count(*) FROM alerts GROUP BY 1, 2, 3;
