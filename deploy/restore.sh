#!/usr/bin/env bash
# Restores a backup made by deploy/backup.sh into an EMPTY database (create it first) and, when the
# backup holds media, into DATA_DIR. Stop every server and worker first; start them afterwards
# with the same keys as before (old playback links and sessions then stay valid).
# Usage: DATABASE_URL=postgres://…/new DATA_DIR=/var/lib/marquee deploy/restore.sh <backup-dir>
set -euo pipefail
in="${1:?usage: restore.sh <backup-dir>}"
: "${DATABASE_URL:?DATABASE_URL must be set}"
( cd "$in" && sha256sum --quiet -c SHA256SUMS ) || { echo "backup in $in is damaged (SHA256SUMS)" >&2; exit 1; }
tables=$(psql "$DATABASE_URL" -Atc "select count(*) from pg_tables where schemaname in ('public', 'drizzle')")
if [ "$tables" != "0" ]; then echo "refusing: the database of DATABASE_URL is not empty ($tables tables)" >&2; exit 1; fi
pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" "$in/database.dump"
if [ -f "$in/media.tar.gz" ]; then
  : "${DATA_DIR:?DATA_DIR must be set to restore media}"
  mkdir -p "$DATA_DIR"
  tar -C "$DATA_DIR" -xzf "$in/media.tar.gz"
fi
echo "restored from $in"
