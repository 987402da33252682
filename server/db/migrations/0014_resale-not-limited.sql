-- A client's cases offered on the Zweitmarkt are no allocation of the house: listings created
-- before approval set the flag explicitly still carry the column's default (true).
UPDATE "offers" SET "limited_availability" = false WHERE "secondary_market" = true AND "limited_availability" = true;
