#!/usr/bin/env bash
# Creates the settings file (ENV_FILE, default .env) from .env.example on the first run and fills
# every empty secret in it with a fresh random value. Prints the admin e-mail and password when
# it has just generated that password, which is the only time they are shown.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

resolve_env_file

# A fresh value for the setting NAME (N random bytes). Garage's RPC secret is hex. A station that
# ran MinIO keeps its root password as the bucket key's secret: the s3 service falls back to it
# while S3_SECRET_KEY is unset, and Garage refuses to start once the secret it knows changes
# (if it is long enough for Garage: 16 characters).
fresh() {
  local minio
  case $1 in
    GARAGE_RPC_SECRET) head -c "$2" /dev/urandom | od -An -tx1 | tr -d ' \n' ;;
    S3_SECRET_KEY)
      minio=$(env_file_setting MINIO_ROOT_PASSWORD)
      if [ ${#minio} -ge 16 ]; then printf '%s' "$minio"; else random "$2"; fi
      ;;
    *) random "$2" ;;
  esac
}

created=
if [ ! -f "$ENV_FILE" ]; then
  mkdir -p "$(dirname "$ENV_FILE")"
  (umask 077 && cp "$ROOT/.env.example" "$ENV_FILE")
  created=1
fi

generated_admin=
for spec in SESSION_SECRET:48 INTERNAL_TOKEN:32 STATION_API_KEY:32 ADMIN_PASSWORD:15 POSTGRES_PASSWORD:24 S3_SECRET_KEY:24 \
  GARAGE_RPC_SECRET:32 ICECAST_SOURCE_PASSWORD:24 ICECAST_ADMIN_PASSWORD:24; do
  name=${spec%%:*}
  if grep -qE "^$name=$" "$ENV_FILE"; then
    set_env_file_setting "$name" "$(fresh "$name" "${spec#*:}")"
    [ "$name" != ADMIN_PASSWORD ] || generated_admin=1
  elif ! grep -qE "^$name=" "$ENV_FILE"; then
    printf '%s=%s\n' "$name" "$(fresh "$name" "${spec#*:}")" >>"$ENV_FILE"
    [ "$name" != ADMIN_PASSWORD ] || generated_admin=1
  fi
done
[ -z "$created" ] || ok "created $ENV_FILE with fresh secrets"

# Shown once: only when this run generated the password, and only if the environment does not
# override it anyway.
if [ -n "$generated_admin" ] && [ -z "${ADMIN_PASSWORD:-}" ]; then
  email=$(env_file_setting ADMIN_EMAIL)
  password=$(env_file_setting ADMIN_PASSWORD)
  cat >&2 <<MSG

  ┌─────────────────────────────────────────────────────────────
  │ First admin account (created when the auth service starts):
  │   e-mail:   ${ADMIN_EMAIL:-${email:-admin@radio.local}}
  │   password: $password
  │ Note it now: it is not shown again (it stays in $(basename "$ENV_FILE")).
  └─────────────────────────────────────────────────────────────

MSG
fi
