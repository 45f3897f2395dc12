ALTER TABLE "episodes" DROP COLUMN "video";--> statement-breakpoint
ALTER TABLE "titles" DROP COLUMN "trailer";--> statement-breakpoint
ALTER TABLE "titles" DROP COLUMN "video";