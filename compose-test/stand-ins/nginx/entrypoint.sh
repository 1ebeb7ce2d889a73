#!/bin/bash
set -eu
if [ "${1:-}" = nginx ]; then
  for f in /docker-entrypoint.d/*; do
    [ -f "$f" ] || continue
    case $f in
      *.envsh) . "$f" ;;
      *.sh) [ -x "$f" ] && "$f" ;;
    esac
  done
  out=${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}
  filter=${NGINX_ENVSUBST_FILTER:-}
  vars=$(env | cut -d= -f1 | grep -E "${filter:-.}" | sed 's/^/${/; s/$/}/' | tr '\n' ' ')
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    name=$(basename "$template" .template)
    envsubst "$vars" <"$template" >"$out/$name"
  done
fi
exec "$@"
