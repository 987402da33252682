-- The offer page's carousel and count of stocked offers (not archived, not on request, a case
-- available) without a count over the catalogue: offers.has_cases says whether a tranche has a case
-- available (the rule of offerAvailableCasesSql, "sum of greatest(quantity_available, 0) > 0", is
-- "a tranche with quantity_available > 0"), an index holds the stocked offers newest first, and one
-- row counts them. Both are kept by triggers, so services, staff tools and SQL imports are covered.
CREATE TABLE "offer_stock_summary" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("single"),
	"stocked_offers" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "has_cases" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_stocked_newest_idx" ON "offers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "offers"."archived" = false and "offers"."on_request" = false and "offers"."has_cases" = true;--> statement-breakpoint
UPDATE "offers" o SET "has_cases" = true
WHERE EXISTS (SELECT 1 FROM "partial_offers" p WHERE p."offer_id" = o."id" AND p."quantity_available" > 0);--> statement-breakpoint
INSERT INTO "offer_stock_summary" ("single", "stocked_offers")
SELECT true, count(*) FROM "offers" WHERE NOT "archived" AND NOT "on_request" AND "has_cases";--> statement-breakpoint
-- has_cases of one offer read again from its tranches. The offer's row is locked first: a
-- concurrent change of another of its tranches has then committed, and the next statement (a new
-- snapshot under READ COMMITTED) reads it, so two tranches emptied at once cannot both leave it true.
CREATE FUNCTION offer_has_cases_refresh(offer integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stocked boolean;
BEGIN
  PERFORM 1 FROM offers WHERE id = offer FOR UPDATE;
  stocked := EXISTS (SELECT 1 FROM partial_offers WHERE offer_id = offer AND quantity_available > 0);
  UPDATE offers SET has_cases = stocked WHERE id = offer AND has_cases IS DISTINCT FROM stocked;
END $$;--> statement-breakpoint
-- Only a tranche that starts or stops having cases (or moves to another offer) can change its
-- offer's has_cases: a reservation of 5 of 6 cases touches no offer row.
CREATE FUNCTION offer_has_cases() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  had boolean := coalesce(TG_OP <> 'INSERT' AND OLD.quantity_available > 0, false);
  has boolean := coalesce(TG_OP <> 'DELETE' AND NEW.quantity_available > 0, false);
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.offer_id IS DISTINCT FROM OLD.offer_id THEN
    IF had THEN PERFORM offer_has_cases_refresh(OLD.offer_id); END IF;
    IF has THEN PERFORM offer_has_cases_refresh(NEW.offer_id); END IF;
  ELSIF had IS DISTINCT FROM has THEN
    PERFORM offer_has_cases_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.offer_id ELSE NEW.offer_id END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offer_has_cases AFTER INSERT OR UPDATE OR DELETE ON "partial_offers" FOR EACH ROW EXECUTE FUNCTION offer_has_cases();--> statement-breakpoint
-- The count follows every offer that becomes or stops being stocked.
CREATE FUNCTION offer_stock_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := CASE WHEN TG_OP <> 'INSERT' AND NOT OLD.archived AND NOT OLD.on_request AND OLD.has_cases THEN 1 ELSE 0 END;
  is_now integer := CASE WHEN TG_OP <> 'DELETE' AND NOT NEW.archived AND NOT NEW.on_request AND NEW.has_cases THEN 1 ELSE 0 END;
BEGIN
  IF is_now <> was THEN
    UPDATE offer_stock_summary SET stocked_offers = stocked_offers + is_now - was;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offer_stock_count AFTER INSERT OR UPDATE OR DELETE ON "offers" FOR EACH ROW EXECUTE FUNCTION offer_stock_count();
