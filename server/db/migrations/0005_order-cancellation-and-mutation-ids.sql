ALTER TYPE "public"."invoice_stage" ADD VALUE 'CANCELLED';--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD COLUMN "recommended_position_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_provider_event_outcome" text;--> statement-breakpoint
ALTER TABLE "order_positions" ADD COLUMN "recommended_position_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "processed_mutations" ADD COLUMN "arguments_hash" text;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_recommended_position_id_recommended_positions_id_fk" FOREIGN KEY ("recommended_position_id") REFERENCES "public"."recommended_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_recommended_position_id_recommended_positions_id_fk" FOREIGN KEY ("recommended_position_id") REFERENCES "public"."recommended_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;