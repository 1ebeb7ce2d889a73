#!/usr/bin/env bash
# Builds the SPA into frontend/dist unless it is already built from the same sources: a hash of
# the frontend's files, the workspace packages it uses, the lockfile and the VITE_* variables is
# kept beside the build, so an unchanged tree starts in no time. Parallel stacks share one build
# (a lock keeps two builds from writing frontend/dist at once).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

CACHE="$ROOT/frontend/node_modules/.cache/radio"
mkdir -p "$CACHE"

sources_hash() {
  {
    find frontend packages/contracts \( -name node_modules -o -path frontend/dist \) -prune -o \
      -type f -print0 | sort -z | xargs -0 sha1sum
    sha1sum pnpm-lock.yaml tsconfig.base.json
    env | grep -E '^VITE_' | sort || true
  } | sha1sum | cut -d' ' -f1
}

exec 8>"$CACHE/build.lock"
flock 8
hash=$(sources_hash)
if [ -f frontend/dist/index.html ] && [ "$(cat "$CACHE/build.hash" 2>/dev/null)" = "$hash" ]; then
  exit 0
fi
say "building the frontend (sources changed)"
started=$SECONDS
rm -f "$CACHE/build.hash"
pnpm --filter @radio/frontend run build >"$CACHE/build.log" 2>&1 || {
  cat "$CACHE/build.log" >&2
  die "the frontend build failed (output above)"
}
[ -f frontend/dist/index.html ] || die "the frontend build made no frontend/dist/index.html"
echo "$hash" >"$CACHE/build.hash"
ok "frontend built in $((SECONDS - started)) s"
