CREATE TABLE "storage_certificates" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"content" jsonb
);
--> statement-breakpoint
ALTER TABLE "storage_certificates" ADD CONSTRAINT "storage_certificates_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_certificates_invoice_idx" ON "storage_certificates" USING btree ("invoice_id");--> statement-breakpoint
-- Certificates issued before this table: their fingerprint stays verifiable (content recomputed).
INSERT INTO "storage_certificates" ("fingerprint", "invoice_id", "issued_at")
SELECT "certificate_fingerprint", "id", "certificate_issued_at" FROM "invoices"
WHERE "certificate_fingerprint" IS NOT NULL AND "certificate_issued_at" IS NOT NULL;
