ALTER TABLE "apps" ADD COLUMN "locales" jsonb DEFAULT '["en","tr"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "currency_iso" text DEFAULT 'TRY' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "time_zone" text DEFAULT 'Europe/Istanbul' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "links" jsonb DEFAULT '{"help":null,"terms":null,"privacy":null,"responsibleGaming":null}'::jsonb NOT NULL;