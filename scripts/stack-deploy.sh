#!/usr/bin/env bash
# Deploys the stack on a Docker Swarm: docker-compose.yml with docker-compose.swarm.yml on top,
# rendered by Compose (variables from .env, the active profiles) into the file format `docker
# stack deploy` reads, which lacks a few of Compose's keys: start order (depends_on), profiles
# and the project name go (networks and volumes are named after the stack: radio_backend);
# published ports become numbers; unset values are left out; configs get a name from their
# content (Swarm cannot change a config in place). Then it waits until the stack has converged:
# every service's copies running and healthy, the one-shots complete.
#   scripts/stack-deploy.sh [STACK]        deploy or update (default stack name: radio)
#   scripts/stack-deploy.sh --render       print the rendered file only
#   scripts/stack-deploy.sh --wait [STACK] only wait until the stack has converged
# Needs docker (with the compose plugin) and jq, on a Swarm manager, in the checkout with .env.
# The images must be where every node can pull them: IMAGE_PREFIX (a registry) and IMAGE_TAG,
# built and pushed first (`docker compose build && docker compose push`, see the README).
# Settings (environment): STACK_OVERRIDES (more compose files on top, space-separated),
# STACK_WAIT_SECONDS (600), STACK_RESOLVE_IMAGE (always; `never` for images only in the nodes'
# stores), DOCKER (the docker client).
set -euo pipefail
cd "$(dirname "$0")/.."
DOCKER=${DOCKER:-docker}
files=(-f docker-compose.yml -f docker-compose.swarm.yml)
for file in ${STACK_OVERRIDES:-}; do files+=(-f "$file"); done

# `networks: {backend: null}` is how Compose renders a service's network without settings; the
# null walk below would empty it (and Swarm would put the service on a default network), so it
# becomes `{}` first.
render() {
  local json
  json=$("$DOCKER" compose "${files[@]}" config --format json |
    jq '(.services[] | select(has("networks")) | .networks) |= map_values(. // {})
      | walk(if type == "object" then with_entries(select(.value != null)) else . end)
      | del(.name, .services[].depends_on, .services[].profiles)
      | (.networks, .volumes) |= (. // {} | map_values(if .external then . else del(.name) end))
      | .services |= map_values(if .ports then .ports |= map(.published |= tonumber) else . end)')
  local name file hash
  for name in $(jq -r '.configs // {} | keys[]' <<<"$json"); do
    file=$(jq -r --arg n "$name" '.configs[$n].file' <<<"$json")
    hash=$(sha256sum "$file" | cut -c1-12)
    json=$(jq --arg n "$name" --arg h "$hash" --arg s "$STACK" '.configs[$n].name = "\($s)_\($n)_\($h)"' <<<"$json")
  done
  echo "$json"
}

# Every service whose copies are not all running (healthy, where it has a health check), or whose
# update has not completed, or, for a one-shot, whose newest task has not completed: one line
# each. A rolled-back update fails at once.
not_converged() {
  local listed ids
  # name replicas ("2/3") of every service: one call, not one per service.
  listed=$("$DOCKER" service ls --filter "label=com.docker.stack.namespace=$STACK" --format '{{.Name}} {{.Replicas}}')
  [ -n "$listed" ] || { echo "no services of stack $STACK"; return 0; }
  ids=$(cut -d' ' -f1 <<<"$listed")
  local line name condition update replicas
  # shellcheck disable=SC2086
  while IFS=' ' read -r name condition update; do
    case $update in
      rollback_*) echo "$name: its update was rolled back: $("$DOCKER" service inspect -f '{{.UpdateStatus.Message}}' "$name")" >&2
        return 2 ;;
      ''|completed|-) ;;
      *) echo "$name: update $update"; continue ;;
    esac
    if [ "$condition" = on-failure ]; then
      line=$("$DOCKER" service ps --format '{{.CurrentState}}' "$name" | head -1)
      [[ $line == Complete* ]] || echo "$name: one-shot ${line:-not started}"
    else
      replicas=$(awk -v n="$name" '$1 == n {print $2}' <<<"$listed")
      [[ $replicas =~ ^([0-9]+)/([0-9]+) ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] ||
        echo "$name: $replicas running"
    fi
  done < <("$DOCKER" service inspect $ids |
    jq -r '.[] | "\(.Spec.Name) \(.Spec.TaskTemplate.RestartPolicy.Condition // "any") \(.UpdateStatus.State // "-")"')
}

wait_converged() {
  local limit=${STACK_WAIT_SECONDS:-600} started=$SECONDS waiting status
  while :; do
    status=0
    waiting=$(not_converged) || status=$?
    [ $status = 0 ] || return $status
    if [ -z "$waiting" ]; then
      echo "stack $STACK converged in $((SECONDS - started)) s" >&2
      return 0
    fi
    if [ $((SECONDS - started)) -ge "$limit" ]; then
      echo "stack $STACK not converged after $limit s:" >&2
      sed 's/^/  /' <<<"$waiting" >&2
      for name in $(cut -d: -f1 <<<"$waiting"); do
        "$DOCKER" service ps --no-trunc --format '  {{.Name}} on {{.Node}}: {{.CurrentState}} {{.Error}}' "$name" 2>/dev/null | head -4 >&2
      done
      return 1
    fi
    sleep 2
  done
}

# What the stack's placement needs from the Swarm's nodes (README, Docker Swarm).
check_nodes() { # the rendered stack
  local labels data library
  labels=$("$DOCKER" node ls -q | xargs "$DOCKER" node inspect -f '{{range $k, $v := .Spec.Labels}}{{$k}}={{$v}} {{end}}')
  data=$(grep -c 'radio\.data=true' <<<"$labels" || true)
  library=$(grep -c 'radio\.library=true' <<<"$labels" || true)
  [ "$data" = 1 ] || {
    echo "label exactly one node radio.data=true (Postgres, Redis, Garage and the station live there; now $data): docker node update --label-add radio.data=true <node>" >&2
    return 1
  }
  [ "$library" -ge 1 ] || {
    echo "label the node that holds the library radio.library=true (requests, uploads and the worker run there): docker node update --label-add radio.library=true <node>" >&2
    return 1
  }
  grep 'radio\.data=true' <<<"$labels" | grep -q 'radio\.library=true' || {
    echo "label the radio.data node radio.library=true too (the built-in station plays the library there)" >&2
    return 1
  }
  if [ "$library" -gt 1 ] && [ "$(jq '.volumes.library.driver_opts // {} | length' <<<"$1")" = 0 ]; then
    echo "$library nodes are labelled radio.library=true, but the library volume is local to each node: give it a shared driver (NFS, README) or label one node" >&2
    return 1
  fi
}

case ${1:-} in
  --render) STACK=${STACK:-radio}; render; exit 0 ;;
  --wait) STACK=${2:-radio}; wait_converged; exit ;;
esac
STACK=${1:-radio}
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 1; }
stack=$(render)
check_nodes "$stack"
# Detached: a waiting deploy never returns once a one-shot has completed (docker/cli#5299);
# wait_converged waits instead. (Clients before 25 have no --detach and never wait.)
detach=()
"$DOCKER" stack deploy --help 2>&1 | grep -q -- '--detach' && detach=(--detach=true)
"$DOCKER" stack deploy --with-registry-auth --resolve-image "${STACK_RESOLVE_IMAGE:-always}" \
  "${detach[@]}" --prune -c - "$STACK" <<<"$stack"
wait_converged
