-- Every list puts unread rows first (spec 1, section 4), then its sort, then id, across all pages, not only among
-- the rows a client has loaded. The list indexes therefore hold the read state as the lists order by it,
-- coalesce(read_by_faci, true) (false: unread; true: read or not markable), right after the widget (and facility),
-- so a page reads the unread rows, then the read ones, each as one index range in the list's order, in either
-- direction (features/alerts/list-statement.ts). read_by_faci is the last column so the few-facility page stays an
-- index-only scan: PostgreSQL plans an index-only scan only when every column a query names is in the index.
DROP INDEX "alerts_live_fac_idx";--> statement-breakpoint
DROP INDEX "alerts_live_widget_idx";--> statement-breakpoint
DROP INDEX "alerts_archived_fac_idx";--> statement-breakpoint
DROP INDEX "alerts_archived_widget_idx";--> statement-breakpoint
CREATE INDEX "alerts_live_fac_idx" ON "alerts" USING btree ("widget","fac_id",coalesce("read_by_faci", true),"date_created","id","read_by_faci") WHERE not "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_live_widget_idx" ON "alerts" USING btree ("widget",coalesce("read_by_faci", true),"date_created","id","fac_id","read_by_faci") WHERE not "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_archived_fac_idx" ON "alerts" USING btree ("widget","fac_id",coalesce("read_by_faci", true),"date_created","id","read_by_faci") WHERE "alerts"."is_archived";--> statement-breakpoint
CREATE INDEX "alerts_archived_widget_idx" ON "alerts" USING btree ("widget",coalesce("read_by_faci", true),"date_created","id","fac_id","read_by_faci") WHERE "alerts"."is_archived";