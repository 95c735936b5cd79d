ALTER TABLE "operators" ADD COLUMN "totp_enrolment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_login_at" timestamp with time zone;
