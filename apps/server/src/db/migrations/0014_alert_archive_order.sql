-- The archive is listed by alert date (date_created), as the live lists are, but its index was ordered by the
-- archive date, which no list sorts by. A page of the archive of many facilities (a pharmacy user's, 200 of them)
-- therefore read every archived alert of the widget and sorted them (1,850 for highCost at the bench's scale:
-- 4.9 ms); with an index in the list's order it walks the widget's archive and stops after one page (0.85 ms).
-- Both archive indexes now mirror the live ones: per facility for a few facilities, per widget for many.
DROP INDEX "alerts_archived_fac_idx";--> statement-breakpoint
CREATE INDEX "alerts_archived_widget_idx" ON "alerts" USING btree ("widget","date_created","id","fac_id") WHERE "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_archived_fac_idx" ON "alerts" USING btree ("widget","fac_id","date_created","id") WHERE "alerts"."is_archived";