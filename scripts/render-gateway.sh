#!/usr/bin/env bash
# Renders gateway/nginx.conf.template (the same template the compose gateway uses) for the native
# stack into OUT (default DATA_DIR/run/nginx/nginx.conf) and checks it with `nginx -t`.
# Only the template's own ${GATEWAY_*} variables are substituted; nginx's $variables stay.
# Any GATEWAY_* variable already in the environment wins over the native default.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
load_config

TEMPLATE="$ROOT/gateway/nginx.conf.template"
export GATEWAY_RUN_DIR=${GATEWAY_RUN_DIR:-$RUN_DIR/nginx}
OUT=${1:-$GATEWAY_RUN_DIR/nginx.conf}

case $HTTP_HOST in *:*) listen_host="[$HTTP_HOST]" ;; *) listen_host=$HTTP_HOST ;; esac
: "${GATEWAY_LISTEN:=$listen_host:$HTTP_PORT}"
: "${GATEWAY_STATIC_ROOT:=$ROOT/frontend/dist}"
# Every copy of each service (*_PORTS from scripts/up.sh, else the one on *_PORT): an upstream
# group with all of them (gateway/upstreams.envsh).
while IFS=$'\t' read -r kind service port _; do
  [ "$kind" = http ] || continue
  upstream=GATEWAY_${service^^}_UPSTREAM ports=${port}S
  [ -z "${!upstream:-}" ] || continue
  addresses=()
  for p in ${!ports:-${!port}}; do addresses+=("http://127.0.0.1:$p"); done
  printf -v "$upstream" '%s' "${addresses[*]}"
done < <(processes plan)
: "${GATEWAY_STREAM_UPSTREAM:=$STREAM_UPSTREAM}"
# The stream in the player files: STREAM_URL (the player's own, see the playlist service) or
# the first public origin's /stream/radio.mp3.
: "${GATEWAY_STREAM_URL:=${STREAM_URL:-${PUBLIC_ORIGIN%%,*}/stream/radio.mp3}}"
: "${GATEWAY_RESOLVER:=127.0.0.1}"
# Not /dev/stdout: under the supervisor stdout is a socket, which nginx cannot open.
: "${GATEWAY_ACCESS_LOG:=$LOG_DIR/gateway-access.log}"
: "${GATEWAY_STREAM_ORIGINS:=https:}"
# HSTS when the site is served over https.
: "${GATEWAY_PUBLIC_ORIGIN:=$PUBLIC_ORIGIN}"
# Each worker's open files (stream listeners hold two each): what nginx may raise itself to,
# the hard limit it inherits (`ulimit -Hn`), up to 65536.
if [ -z "${GATEWAY_MAX_FILES:-}" ]; then
  hard=$(ulimit -Hn)
  if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then hard=65536; fi
  GATEWAY_MAX_FILES=$hard
fi
: "${GATEWAY_EVENTS_PER_ADDRESS:=64}"
# GATEWAY_TRUSTED_PROXIES (empty: no proxy in front) becomes GATEWAY_REAL_IP, the realip
# directives; the same file the compose gateway's entrypoint sources.
# shellcheck source=gateway/real-ip.envsh
. "$ROOT/gateway/real-ip.envsh"
# The upstream groups (GATEWAY_UPSTREAMS): natively each service's list of copies.
: "${GATEWAY_UPSTREAM_DISCOVERY:=static}"
# shellcheck source=gateway/upstreams.envsh
. "$ROOT/gateway/upstreams.envsh"

mapfile -t names < <(grep -o '\${GATEWAY_[A-Z0-9_]*}' "$TEMPLATE" | tr -d '${}' | sort -u)
for name in "${names[@]}"; do
  [ -n "${!name:-}" ] || die "gateway template: $name is not set"
  export "${name?}"
done
mkdir -p "$GATEWAY_RUN_DIR" "$(dirname "$OUT")"
envsubst "$(printf '${%s} ' "${names[@]}")" <"$TEMPLATE" >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"

if ! out=$(nginx -t -q -p "$GATEWAY_RUN_DIR" -c "$OUT" -e stderr -g "$(nginx_globals)" 2>&1); then
  printf '%s\n' "$out" >&2
  die "the rendered gateway config $OUT does not pass nginx -t"
fi
