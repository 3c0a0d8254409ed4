-- The app's own role and database, for compose.yaml's Postgres (mounted into /docker-entrypoint-initdb.d:
-- the image runs it once, as its superuser, when the data volume is empty). The app connects as this role:
-- it owns its database (so it creates and migrates its tables) and is nothing more, not a superuser, no
-- CREATEDB or CREATEROLE (docs/security.md "The database role"). The same as docs/deploy.md step 3 by hand.
-- The name, database and password come from the container's environment (compose.yaml sets them).
\set ON_ERROR_STOP on
\getenv app_user APP_DATABASE_USER
\getenv app_database APP_DATABASE_NAME
\getenv app_password APP_DATABASE_PASSWORD
CREATE ROLE :"app_user" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'app_password';
CREATE DATABASE :"app_database" OWNER :"app_user";
-- Only its owner (and the superuser) may connect: PUBLIC's default CONNECT goes.
REVOKE ALL ON DATABASE :"app_database" FROM PUBLIC;
