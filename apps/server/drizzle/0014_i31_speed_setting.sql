ALTER TABLE "events" ALTER COLUMN "speed" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "speed" DROP NOT NULL;--> statement-breakpoint
-- Every catalogue event carried the old default 1, chosen by nobody, so SIMULATOR_SPEED never applied: those now play
-- at the setting (issue 31 item 7b). Virtual football's matches keep their computed speed (never exactly 1).
UPDATE "events" SET "speed" = NULL WHERE "speed" = 1;
