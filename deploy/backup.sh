#!/usr/bin/env bash
# Backs up everything a Marquee site needs to come back: the PostgreSQL database (pg_dump, custom
# format) and, with media on local disk, DATA_DIR's media and private-media. Keys (MEDIA_SIGNING_KEYS,
# DEV_SIGN_IN_KEY, PayPal and S3 credentials) live in the site's environment: keep that file in
# your secrets store, not here. With S3_BUCKET, back the bucket up with its own versioning or
# replication (docs/operations.md).
# Usage: DATABASE_URL=postgres://… DATA_DIR=/var/lib/marquee deploy/backup.sh <backup-dir>
set -euo pipefail
out="${1:?usage: backup.sh <backup-dir>}"
: "${DATABASE_URL:?DATABASE_URL must be set}"
mkdir -p "$out"
pg_dump --format=custom --no-owner --file="$out/database.dump" "$DATABASE_URL"
if [ -n "${DATA_DIR:-}" ]; then
  dirs=()
  for d in media private-media; do [ -d "$DATA_DIR/$d" ] && dirs+=("$d"); done
  if [ ${#dirs[@]} -gt 0 ]; then tar -C "$DATA_DIR" -czf "$out/media.tar.gz" "${dirs[@]}"; fi
fi
( cd "$out" && sha256sum ./* > SHA256SUMS )
echo "backed up to $out"
