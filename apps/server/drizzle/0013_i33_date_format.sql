ALTER TABLE "users" ALTER COLUMN "date_format" SET DEFAULT '';--> statement-breakpoint
-- Every client had the old default 'DD.MM.YYYY', chosen by nobody (no screen offered a choice): their dates now
-- read in the page language's own style until they pick a pattern in the preferences (issue 33 item 6).
UPDATE "users" SET "date_format" = '' WHERE "date_format" = 'DD.MM.YYYY';
