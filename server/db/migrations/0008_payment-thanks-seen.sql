ALTER TABLE "invoices" ADD COLUMN "payment_thanks_seen_at" timestamp with time zone;--> statement-breakpoint
-- Invoices paid before this column existed: their thank-you was shown (or is long past).
UPDATE "invoices" SET "payment_thanks_seen_at" = coalesce("paid_at", now()) WHERE "stage" IN ('PAID', 'PURCHASED');
