CREATE TABLE "ades_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"conforms_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"reachable" boolean DEFAULT false NOT NULL,
	"problem" text,
	"token_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ades_instances_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "ades_instances_url_unique" UNIQUE("url")
);
