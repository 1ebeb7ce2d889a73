#!/usr/bin/env bash
# `make bench`: a performance report of the playlist service, not a test. On a private stack
# (processes of the native stack, as stack/processes.json has them, with a temporary DATA_DIR
# and free ports: Postgres, Redis, the gateway, the playlist, auth, requests and uploads
# services, unsupervised), it seeds 1,000,000 plays, then measures with wrk through
# the gateway:
#   - GET /api/now-playing and GET /api/playlist?date=…&hour=all at 50 and 200 connections,
#     each against a static file of the same size served by the same gateway in the same run;
#   - p50/p99 of the four archive calls, one listener at a time (the goal) and 10 at once,
#     straight to the playlist service: the gateway caches archive answers for seconds, and
#     what is measured here is the service and its database on 1,000,000 plays.
#   - stream fan-out: an Icecast (the built-in station's config, its client limit raised) fed
#     128 kbps by ffmpeg, and listeners ramped through the gateway (bench/stream-fanout.ts),
#     each checked for real-time pace while now playing and the archive are timed beside them;
#   - the built SPA through the same gateway: Lighthouse (mobile, performance) on the pages a
#     visitor opens (/, /luisteren, /playlist, /verzoekjes, /auth) in Debian's Chromium, and the
#     JavaScript / loads before interaction (gzip);
#   - live events: BENCH_LIVE_PAGES (3,000) pages holding /api/events through the gateway, a
#     now-playing event published as the worker does, ten times: the time until the last page
#     had it, the memory per stream, now playing and the archive timed with and without them
#     (bench/live-fanout.ts);
#   - the ear: Chromium playing the built-in station's stream from the home page, its audio tapped
#     with the Web Audio API, on a native stack of the e2e harness's (e2e/ear/ear.spec.ts): when
#     the title changes against the moment the next song becomes audible, 20 song changes with
#     the live event stream and 20 with the page polling; the time from "Afspelen" to the first
#     sound, 20 presses;
#   - track uploads: a 50 MB WAV to POST /api/cloud-upload through the gateway, 1 and 5 at once,
#     against writing the same bytes to the same disk, and the uploads service's RSS meanwhile
#     (bench/uploads-bench.ts).
# The report goes to bench/results/<date>.md. Everything it started is stopped and removed.
#
#   BENCH_SECONDS=6        length of each wrk run
#   BENCH_REPEATS=2        alternating API/static rounds of the load runs (the report takes the
#                          median: one 8 s run on a shared 2-core machine is noisy)
#   BENCH_LISTENERS=500,1000,2000,3000   the fan-out's steps (listeners at once)
#   BENCH_HOLD=10          seconds each fan-out step is measured
#   BENCH_LIVE_PAGES=3000  pages holding the live event stream at once
#   BENCH_EAR_CHANGES=20, BENCH_EAR_PRESSES=20   song changes measured per way, play presses
#   BENCH_UPLOAD_REPEATS=5 uploads one at a time; BENCH_UPLOAD_ROUNDS=3 rounds of 5 at once
#   BENCH_KEEP=1           keep the temporary folder (logs, raw results) for a look afterwards
#   BENCH_PARTS=uploads    run only these parts (comma-separated, of load, archive, requests,
#                          uploads, fanout, live, ear, frontend; default all). A partial run prints its
#                          report and keeps bench/results/ as it is.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

SECONDS_PER_RUN=${BENCH_SECONDS:-6}
LOAD_CONNECTIONS=(50 200)
LOAD_REPEATS=${BENCH_REPEATS:-2}
ARCHIVE_CONNECTIONS=(1 10)
LISTENER_STEPS=${BENCH_LISTENERS:-500,1000,2000,3000}
HOLD_SECONDS=${BENCH_HOLD:-10}
MAX_LISTENERS=$(tr ',' '\n' <<<"$LISTENER_STEPS" | sort -n | tail -n 1)
LIGHTHOUSE_PAGES=(/ /luisteren /playlist /verzoekjes /auth)
LIVE_PAGES=${BENCH_LIVE_PAGES:-3000}
ALL_PARTS=load,archive,requests,uploads,fanout,live,ear,frontend
PARTS=${BENCH_PARTS:-$ALL_PARTS}
for name in ${PARTS//,/ }; do
  [[ ",$ALL_PARTS," == *",$name,"* ]] || die "BENCH_PARTS: no part '$name' (parts: $ALL_PARTS)"
done
part() { [[ ",$PARTS," == *",$1,"* ]]; }

# Each listener holds a socket in the fan-out client, two in nginx and one in Icecast.
ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge $((MAX_LISTENERS * 2 + 1000)) ] ||
  die "ulimit -n is $(ulimit -n): too few open files for $MAX_LISTENERS listeners (BENCH_LISTENERS)"

# wrk is a Debian package: installed like the other system packages (apt as root).
"$ROOT/scripts/system-packages.sh" wrk

BENCH_DIR=$(mktemp -d /tmp/radio-bench-XXXXXX)
chmod 755 "$BENCH_DIR" # as root, Postgres runs as the postgres account and must get in
RESULTS="$BENCH_DIR/results.jsonl"
touch "$RESULTS"
STATIC_ROOT="$BENCH_DIR/static"

# A free port for every process's port (stack/processes.json).
mapfile -t port_vars < <(processes vars port)
read -r -a free < <(free_ports ${#port_vars[@]})
for i in "${!port_vars[@]}"; do export "${port_vars[$i]}=${free[$i]}"; done
export GATEWAY_STREAM_UPSTREAM="http://127.0.0.1:$ICECAST_PORT"
export DATA_DIR="$BENCH_DIR/data" ENV_FILE="$BENCH_DIR/.env"
export HTTP_HOST=127.0.0.1 POSTGRES_EPHEMERAL=1 NODE_ENV=production LOG_FORMAT=json NO_COLOR=1
export PUBLIC_ORIGIN="http://127.0.0.1:$HTTP_PORT"
# The upload part makes more track uploads per listener than a day allows.
export CLOUD_UPLOADS_PER_DAY=1000
export GATEWAY_STATIC_ROOT="$STATIC_ROOT"
# Every page of the live part comes from this one address.
export GATEWAY_EVENTS_PER_ADDRESS=$((LIVE_PAGES + 100))
unset DATABASE_URL REDIS_URL FORCE_COLOR
"$ROOT/scripts/ensure-env.sh" 2>/dev/null
load_config
require_secrets
# No metrics ports: the processes started here are measured from outside.
for name in $(processes vars metrics); do export "$name=0"; done
mkdir -p "$DATA_DIR" "$RUN_DIR" "$LOG_DIR" "$STATIC_ROOT/bench"

# start_process NAME: one process, its command and env from stack/processes.json, in the background
# (log: LOG_DIR/NAME.log); $! is its pid.
start_process() {
  local argv=()
  mapfile -d '' -t argv < <(processes argv "$1")
  [ ${#argv[@]} -gt 0 ] || die "no command for $1 (stack/processes.json)"
  "${argv[@]}" >"$LOG_DIR/$1.log" 2>&1 &
  pids+=($!)
}
# daemons start|stop: Postgres and Redis, stopped in the opposite order.
daemons() {
  local name argv=() names stop=()
  names=$(processes names --health daemon)
  [ "$1" = start ] || { names=$(tac <<<"$names") && stop=(--stop); }
  for name in $names; do
    mapfile -d '' -t argv < <(processes argv "$name" "${stop[@]}")
    "${argv[@]}"
  done
}

# The SPA as the gateway serves it (built only when its sources changed), beside the twins.
if part frontend; then
  "$ROOT/scripts/build-frontend.sh" >"$BENCH_DIR/build-frontend.log" 2>&1 ||
    die "the frontend build failed (log: $BENCH_DIR/build-frontend.log)"
  cp -r frontend/dist/. "$STATIC_ROOT/"
fi

pids=()
cleanup() {
  local rc=$? pid
  set +e
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  daemons stop >/dev/null 2>&1
  if [ -n "${BENCH_KEEP:-}" ]; then say "kept $BENCH_DIR"; else rm -rf "$BENCH_DIR"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

daemons start
pnpm --silent db:migrate >/dev/null

seed_started=$SECONDS
if part load || part archive || part fanout; then
  say "seeding 1,000,000 plays"
  psql -X -q "$DATABASE_URL" -f bench/seed-history.sql
  # The archive's counts read the played_at index only, which needs the visibility map that a
  # production database's autovacuum keeps. A VACUUM right after the insert sometimes still sees
  # the insert as running: repeat it until every page is all-visible.
  for _ in 1 2 3 4 5; do
    psql -X -q "$DATABASE_URL" -c 'vacuum analyze play_history'
    [ "$(psql -X -At "$DATABASE_URL" -c "select relallvisible = relpages from pg_class where relname = 'play_history'")" = t ] && break
    sleep 1
  done
fi
seed_seconds=$((SECONDS - seed_started))

# What the worker would have stored: the playlist service loads it at start.
now=$(date +%s)
song() { printf '{"artist":"%s","title":"%s","album":%s}' "$1" "$2" "$3"; }
history=()
for i in 1 2 3 4 5; do
  history+=("{\"playedAt\":$((now - 60 - i * 215)),\"song\":$(song "Artiest $i" "Titel van nummer $i" '"Album"')}")
done
snapshot=$(printf '{"stationName":"Radio Lokaal","isLive":false,"isStale":false,"current":{"playedAt":%d,"duration":215,"elapsed":60,"song":%s},"history":[%s],"observedAt":%d}' \
  $((now - 60)) "$(song BLØF Zoutelande '"Aan"')" "$(IFS=,; echo "${history[*]}")" "$((now * 1000))")
redis-cli -h 127.0.0.1 -p "$REDIS_PORT" set now-playing:current "$snapshot" >/dev/null

"$ROOT/scripts/render-gateway.sh"
start_process gateway
GATEWAY_PID=$! # the master: bench/live-fanout.ts sums its workers' memory
start_process playlist
# For the pages Lighthouse loads (who is signed in, the request settings).
start_process auth
start_process requests
REQUESTS_PID=$! # node itself: bench/live-fanout.ts samples its memory
if part uploads; then
  start_process uploads
  UPLOADS_PID=$! # node itself: bench/uploads-bench.ts samples its memory
  wait_until 30 eval '[ "$(http_status "$HTTP_PORT" /_health/uploads/readyz)" = 200 ]' ||
    die "the uploads service did not get ready (log: $LOG_DIR/uploads.log)"
fi
wait_until 30 eval '[ "$(http_status "$HTTP_PORT" /_health/playlist/readyz)" = 200 ]' ||
  die "the playlist service did not get ready (log: $LOG_DIR/playlist.log)"

BASE="http://127.0.0.1:$HTTP_PORT"
STATION_DAY=$(TZ=Europe/Amsterdam date -d 'yesterday 12:00' +%F)
NOW_PLAYING=/api/now-playing
DAY_PLAYLIST="/api/playlist?date=$STATION_DAY&hour=all"

if part load; then
  # The static twins: the same bytes as the API's answers, served by the gateway from disk.
  node -e '
    const [base, dir, ...pairs] = process.argv.slice(1);
    (async () => {
      for (let i = 0; i < pairs.length; i += 2) {
        const response = await fetch(base + pairs[i]);
        if (!response.ok) throw new Error(`${pairs[i]}: ${response.status}`);
        require("node:fs").writeFileSync(`${dir}/${pairs[i + 1]}`, await response.text());
      }
    })();
  ' "$BASE" "$STATIC_ROOT/bench" "$NOW_PLAYING" now-playing.json "$DAY_PLAYLIST" playlist-day.json
fi

SERVICE_BASE="http://127.0.0.1:$PLAYLIST_PORT"

# run NAME PATH CONNECTIONS [BASE]: one wrk run (through the gateway unless BASE says
# otherwise), its summary appended to the results.
run() {
  local name=$1 path=$2 connections=$3 base=${4:-$BASE} threads=2 summary
  [ "$connections" -ge 2 ] || threads=1
  summary=$(wrk -t"$threads" -c"$connections" -d"${SECONDS_PER_RUN}s" --timeout 5s \
    -s bench/wrk-summary.lua "$base$path" | tail -n 1)
  printf '{"name":"%s","path":"%s","connections":%d,"summary":%s}\n' \
    "$name" "$path" "$connections" "$summary" >>"$RESULTS"
  printf '  %-22s c=%-3s %s\n' "$name" "$connections" "$summary" >&2
  # Requests still queued in the service when wrk stops must not land in the next run.
  sleep 2
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
if part load; then
  say "warming up"
  wrk -t2 -c50 -d3s "$BASE$NOW_PLAYING" >/dev/null
  wrk -t2 -c10 -d2s "$BASE$DAY_PLAYLIST" >/dev/null

  say "load: API answers against their static twins (${SECONDS_PER_RUN} s each)"
  for connections in "${LOAD_CONNECTIONS[@]}"; do
    for _ in $(seq "$LOAD_REPEATS"); do
      run static-now-playing /bench/now-playing.json "$connections"
      run now-playing "$NOW_PLAYING" "$connections"
      run static-playlist-day /bench/playlist-day.json "$connections"
      run playlist-day "$DAY_PLAYLIST" "$connections"
    done
  done
fi

if part archive; then
  say "archive latency on 1,000,000 plays"
  for connections in "${ARCHIVE_CONNECTIONS[@]}"; do
    run available-dates /api/playlist/available-dates "$connections" "$SERVICE_BASE"
    run available-hours "/api/playlist/available-hours?date=$STATION_DAY" "$connections" "$SERVICE_BASE"
    run playlist-hour "/api/playlist?date=$STATION_DAY&hour=12" "$connections" "$SERVICE_BASE"
    run playlist-all "$DAY_PLAYLIST" "$connections" "$SERVICE_BASE"
  done
fi

if part requests; then
  say "song search and request submits at the requests service (200,000 library tracks)"
  REQUESTS_RESULTS="$BENCH_DIR/requests.jsonl"
  node bench/requests-bench.ts | tee "$REQUESTS_RESULTS" >&2 ||
    say "the search and submit benchmark failed (its output is above)"
  export BENCH_REQUESTS_FILE=$REQUESTS_RESULTS
fi

uploads_failed=
if part uploads; then
  say "track uploads: 50 MB through the gateway, 1 and 5 at once, against the disk"
  UPLOADS_RESULTS="$BENCH_DIR/uploads.jsonl"
  node bench/uploads-bench.ts "$BASE" "$UPLOADS_PID" "$BENCH_DIR/uploads" |
    tee "$UPLOADS_RESULTS" >&2 || uploads_failed=1
  export BENCH_UPLOADS_FILE=$UPLOADS_RESULTS
fi

if part fanout; then
  say "stream fan-out: $LISTENER_STEPS listeners, ${HOLD_SECONDS} s each"
  ICECAST_DIR="$BENCH_DIR/icecast"
  mkdir -p "$ICECAST_DIR"
  ICECAST_SOURCE_PASSWORD=$(node -p 'require("node:crypto").randomBytes(12).toString("hex")')
  ICECAST_ADMIN_PASSWORD=$(node -p 'require("node:crypto").randomBytes(12).toString("hex")')
  ICECAST_SECURITY=
  if is_root; then
    chown nobody:nogroup "$ICECAST_DIR"
    ICECAST_SECURITY='<security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>'
  fi
  export ICECAST_BIND=127.0.0.1 ICECAST_PORT ICECAST_SOURCE_PASSWORD ICECAST_ADMIN_PASSWORD \
    ICECAST_RUN_DIR="$ICECAST_DIR" ICECAST_SECURITY
  # shellcheck disable=SC2016 # envsubst's own variable list
  envsubst '${ICECAST_BIND} ${ICECAST_PORT} ${ICECAST_SOURCE_PASSWORD} ${ICECAST_ADMIN_PASSWORD} ${ICECAST_RUN_DIR} ${ICECAST_SECURITY}' \
    <station/icecast.xml.template |
    sed "s#<clients>[0-9]*</clients>#<clients>$((MAX_LISTENERS + 100))</clients>#" >"$ICECAST_DIR/icecast.xml"
  icecast2 -c "$ICECAST_DIR/icecast.xml" >"$LOG_DIR/icecast.log" 2>&1 &
  pids+=($!)
  # Icecast 2.4.4 can crash when a client connects in its first half second (see scripts/station.sh).
  wait_until 10 eval 'ss -ltnH "sport = :$ICECAST_PORT" | grep -q .' || die "Icecast did not start (log: $LOG_DIR/icecast.log)"
  sleep 1
  ffmpeg -nostdin -hide_banner -loglevel error -re -f lavfi -i 'sine=frequency=440:sample_rate=44100' \
    -ac 2 -c:a libmp3lame -b:a 128k -content_type audio/mpeg -f mp3 \
    "icecast://source:$ICECAST_SOURCE_PASSWORD@127.0.0.1:$ICECAST_PORT/radio.mp3" >"$LOG_DIR/ffmpeg.log" 2>&1 &
  pids+=($!)
  wait_until 15 eval '[ "$(http_status "$HTTP_PORT" /stream/radio.mp3)" = 200 ]' ||
    die "the stream did not start (logs: $LOG_DIR/icecast.log, $LOG_DIR/ffmpeg.log)"
  FANOUT="$BENCH_DIR/fanout.jsonl"
  node bench/stream-fanout.ts "$BASE" "$LISTENER_STEPS" "$HOLD_SECONDS" "$NOW_PLAYING" "$DAY_PLAYLIST" |
    tee "$FANOUT" >&2
  export BENCH_FANOUT_FILE=$FANOUT
  sleep 2
fi

if part live; then
  say "live events: $LIVE_PAGES pages holding /api/events, 10 now-playing events"
  wait_until 30 eval '[ "$(http_status "$HTTP_PORT" /_health/requests/readyz)" = 200 ]' ||
    die "the requests service did not get ready (log: $LOG_DIR/requests.log)"
  LIVE="$BENCH_DIR/live.jsonl"
  node bench/live-fanout.ts "$BASE" "$LIVE_PAGES" "redis://127.0.0.1:$REDIS_PORT" "$REQUESTS_PID" \
    "$GATEWAY_PID" "$HOLD_SECONDS" "$NOW_PLAYING" "$DAY_PLAYLIST" | tee "$LIVE" >&2
  export BENCH_LIVE_FILE=$LIVE
  sleep 2
fi

if part ear; then
  say "the ear: the title against what Chromium plays, and the time to first sound (own stack)"
  EAR="$BENCH_DIR/ear.json"
  # A clean environment: the e2e harness starts its own stack, which must not take this one's
  # settings (static root, stream upstream, ports).
  env -i PATH="$PATH" HOME="$HOME" BENCH_EAR_FILE="$EAR" ${BENCH_EAR_CHANGES:+BENCH_EAR_CHANGES=$BENCH_EAR_CHANGES} \
    ${BENCH_EAR_PRESSES:+BENCH_EAR_PRESSES=$BENCH_EAR_PRESSES} \
    pnpm --silent --filter @radio/e2e exec playwright test --config ear/playwright.config.ts >&2 ||
    say "the ear measurement failed (its output is above; stack log: e2e/artifacts/ear-stack.log)"
  export BENCH_EAR_FILE=$EAR
fi

if part frontend; then
  say "frontend: Lighthouse (mobile) on ${LIGHTHOUSE_PAGES[*]}"
  LIGHTHOUSE_DIR="$BENCH_DIR/lighthouse"
  mkdir -p "$LIGHTHOUSE_DIR"
  for i in "${!LIGHTHOUSE_PAGES[@]}"; do
    page=${LIGHTHOUSE_PAGES[$i]}
    name=$i-$(tr -c 'a-z0-9\n' - <<<"${page#/}")
    # Debian's Chromium only: Lighthouse finds it through CHROME_PATH and never downloads one.
    CHROME_PATH=/usr/bin/chromium timeout 150 node_modules/.bin/lighthouse "$BASE$page" \
      --only-categories=performance --form-factor=mobile --output=json \
      --output-path="$LIGHTHOUSE_DIR/page-$name.json" --quiet --max-wait-for-load=30000 \
      --chrome-flags='--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run' \
      >"$LOG_DIR/lighthouse-$name.log" 2>&1 ||
      say "Lighthouse failed on $page (log: $LOG_DIR/lighthouse-$name.log)"
  done
  export BENCH_LIGHTHOUSE_DIR=$LIGHTHOUSE_DIR
fi

export BENCH_MACHINE_JSON
BENCH_MACHINE_JSON=$(
  node -e 'console.log(JSON.stringify(Object.fromEntries(process.argv.slice(1).map((a) => a.split(/=(.*)/s).slice(0, 2)))))' \
    "cpus=$(nproc)" \
    "memory=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)" \
    "cpuModel=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" \
    "node=$(node --version)" \
    "postgres=$("$(pg_bin postgres)" --version)" \
    "nginx=$(nginx -v 2>&1)" \
    "wrk=$(wrk --version 2>&1 | head -n 1 || true)" \
    "redis=$(redis-server --version)" \
    "seedSeconds=$seed_seconds" \
    "stationDay=$STATION_DAY" \
    "secondsPerRun=$SECONDS_PER_RUN" \
    "gatewayCachesNowPlaying=$(grep -q proxy_cache_path "$RUN_DIR/nginx/nginx.conf" && echo yes || echo no)" \
    "loadBefore=$load_before" \
    "loadRepeats=$LOAD_REPEATS" \
    "icecast=$(icecast2 -v 2>&1 | head -n 1)" \
    "chromium=$(/usr/bin/chromium --version 2>/dev/null | head -n 1)" \
    "lighthouse=$(node_modules/.bin/lighthouse --version 2>/dev/null)" \
    "openFiles=$(ulimit -n)"
)
BENCH_PARTS=$PARTS node bench/write-report.ts "$RESULTS"
[ -z "$uploads_failed" ] ||
  die "the upload benchmark failed: not every upload answered 201 (see above; BENCH_KEEP=1 keeps the service logs)"
