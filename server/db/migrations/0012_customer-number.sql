CREATE SEQUENCE "public"."customer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_number" text;--> statement-breakpoint
-- Existing clients get their numbers in the order their accounts were created; the sequence then continues after them.
UPDATE "users" SET "customer_number" = 'WD-' || lpad((100000 + numbered.position)::text, 6, '0') FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS position FROM "users") AS numbered WHERE numbered."id" = "users"."id";--> statement-breakpoint
SELECT setval('customer_number_seq', 100001 + count(*), false) FROM "users";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "customer_number" SET DEFAULT 'WD-' || lpad(nextval('customer_number_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "customer_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_number_unique" UNIQUE("customer_number");
