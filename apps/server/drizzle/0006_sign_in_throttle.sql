CREATE TABLE "sign_in_throttle" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waited_until" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttle_account_address_pk" PRIMARY KEY("account","address")
);
