-- One version row per version number however it is written ('2.4', '2.4.0' and '02.4.0' are one version, as
-- compareVersions reads them). The route checks it before it writes, but two saves at once both pass that check;
-- this index stops the second, and the route answers it with the same 409.
-- Before the route compared numbers (it compared the exact text), such twins could be stored. The oldest of each set
-- keeps its number; each later one gets '-duplicate-<id>' after its own, so that nothing is lost, the index can be
-- built, and the versions page shows which to correct or delete (the editor refuses that text until it is a number).
UPDATE "versions" AS "later" SET "version" = "later"."version" || '-duplicate-' || "later"."id"
WHERE EXISTS (
  SELECT 1 FROM "versions" AS "earlier"
  WHERE "earlier"."id" < "later"."id"
    AND regexp_replace(regexp_replace("earlier"."version", '(^|[.])0+([0-9])', '\1\2', 'g'), '([.]0)+$', '')
      = regexp_replace(regexp_replace("later"."version", '(^|[.])0+([0-9])', '\1\2', 'g'), '([.]0)+$', '')
);--> statement-breakpoint
CREATE UNIQUE INDEX "versions_number_idx" ON "versions" USING btree (regexp_replace(regexp_replace("version", '(^|[.])0+([0-9])', '\1\2', 'g'), '([.]0)+$', ''));
