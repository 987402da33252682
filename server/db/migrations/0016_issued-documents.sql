CREATE TABLE "issued_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"series" text NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_kind_subject_idx" ON "issued_documents" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "issued_documents_series_idx" ON "issued_documents" USING btree ("series","issued_at");--> statement-breakpoint
CREATE INDEX "issued_documents_sha256_idx" ON "issued_documents" USING btree ("sha256");