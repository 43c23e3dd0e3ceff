-- Indexes for finding one user's emailed links by user_id, so each of these reads that user's rows instead of the
-- whole table: sign-in's check of an unconfirmed account's open registrations (email_confirmation_tokens), revoking
-- a user's links when one is spent or a password changes, and the cascade of deleting a user (both link tables).
CREATE INDEX "email_confirmation_tokens_user_idx" ON "email_confirmation_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");