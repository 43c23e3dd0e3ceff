-- Event ids are taken when a change is written, not when it commits: a long transaction (an ingest batch) can commit
-- events with ids below one a client has already been sent, and a reconnect that replayed only "ids after the last
-- one seen" never sent them. Each event now keeps the id of the transaction that wrote it, and the stream's cursor
-- carries, beside the last event id, the oldest transaction still running when that event was read
-- (pg_snapshot_xmin): every event committed later belongs to a transaction at or after it, so a reconnect replays
-- "ids after the last one, or written by a transaction at or after that horizon" (features/events/queries.ts).
ALTER TABLE "alert_events" ADD COLUMN "xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_events_xid_idx" ON "alert_events" USING btree ("xid");
