-- A client that loses the answer to POST /requestaction (a dropped connection on a ward's Wi-Fi) cannot tell whether
-- the action was stored; sending it again used to store it twice, and the pharmacy saw the question twice. The
-- client now sends an Idempotency-Key with each action (the same key for the same action sent again), kept here per
-- user: a second request with a key the user already used writes nothing and gets the first one's answer.
ALTER TABLE "alert_actions" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_actions_request_key_idx" ON "alert_actions" USING btree ("requested_by_user_id","request_key") WHERE "alert_actions"."request_key" is not null;
