-- Each confirmation link belongs to the registration that mailed it: it carries that registration's password hash
-- and name, which the account takes when the link confirms it with that password. A registration repeated before
-- confirming used to replace the account's password and void the earlier links, so whoever registered the address
-- last (its owner or not) held the password of the account its owner then confirmed (features/registration).
-- Links mailed before this migration: an open link of an unconfirmed account was mailed by the registration whose
-- password and name the account holds now (a later registration voided the earlier links), so it takes those. Every
-- other link is spent or of an account already confirmed: it is voided and holds no password hash ('').
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "password_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "email_confirmation_tokens" AS "link"
SET "password_hash" = "users"."password_hash", "display_name" = "users"."display_name"
FROM "users"
WHERE "users"."id" = "link"."user_id" AND "users"."email_confirmed_at" IS NULL AND "link"."used_at" IS NULL;--> statement-breakpoint
UPDATE "email_confirmation_tokens" SET "used_at" = now() WHERE "used_at" IS NULL AND "password_hash" = '';--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ALTER COLUMN "password_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ALTER COLUMN "display_name" DROP DEFAULT;
