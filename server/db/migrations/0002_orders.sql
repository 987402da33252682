ALTER TABLE "invoice_positions" ADD COLUMN "reserved_tranches" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "certificate_fingerprint" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "certificate_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_certificate_fingerprint_unique" UNIQUE("certificate_fingerprint");