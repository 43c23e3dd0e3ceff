-- Indexes for what the scheduled sweeps delete by, so a sweep reads the rows it deletes instead of the whole table:
-- the sign-in attempts' retention (login_attempts.at, older than a day), the closed-links sweep (a link's closing
-- time, least(used_at, expires_at): its use, or its expiry if that came first; the sweep deletes the links closed a
-- day ago and scrubs their mails' tokens) and the outbox retention (outbox.created_at, done-with messages queued 30
-- days ago).
-- Mail sent (or failed for good) is no longer sent again, so the outbox no longer keeps its links' one-time tokens
-- (platform/mail.ts scrubs them as a message goes); the messages sent before this migration are scrubbed here.
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_confirmation_tokens_closed_idx" ON "email_confirmation_tokens" USING btree (least("used_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "login_attempts_at_idx" ON "login_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_closed_idx" ON "password_reset_tokens" USING btree (least("used_at", "expires_at"));--> statement-breakpoint
UPDATE "outbox"
SET "text_body" = regexp_replace("text_body", '([?&;]token=)[^&[:space:]"''<>]+', '\1removed', 'g'),
  "html_body" = regexp_replace("html_body", '([?&;]token=)[^&[:space:]"''<>]+', '\1removed', 'g')
WHERE "status" IN ('sent', 'failed');