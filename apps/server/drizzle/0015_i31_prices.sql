ALTER TABLE "events" ADD COLUMN "prices_behind_score" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "fair_ppb" bigint;--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "refund_ppb" bigint;