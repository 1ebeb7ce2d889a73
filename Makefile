# Every target runs on the project's Node (>= 22): .tools/bin comes first on PATH, and
# scripts/bootstrap-node.sh puts a project-local Node 24 there when the system one is older.
# Each target installs what it needs (system packages, Node, dependencies), so a fresh clone works.
SHELL := /bin/bash
export PATH := $(CURDIR)/.tools/bin:$(PATH)
# Playwright drives Debian's Chromium (/usr/bin/chromium); it never downloads a browser.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.DEFAULT_GOAL := help
.PHONY: help system tools deps up dev lint typecheck test-unit test-integration test-e2e test-faults test-scale test clean-data bench
.PHONY: backup restore test-backup test-compose test-swarm

help:
	@echo "make up          run the site natively on http://localhost:8080 (production build)"
	@echo "make dev         the same with hot reload (services under node --watch, Vite dev server)"
	@echo "make test        lint, typecheck, unit, integration, e2e tests, the fault suite, scale-out, backup round trip, compose stack"
	@echo "make lint | typecheck | test-unit | test-integration | test-e2e | test-faults | test-scale | test-backup"
	@echo "make test-compose  the compose stack on a private Docker engine: smoke, scale-out, upgrade (root)"
	@echo "make test-swarm    the stack on a three-node Docker Swarm here: deploy, smoke, kill, rolling update, node loss (root)"
	@echo "make clean-data  delete DATA_DIR (database, Redis, uploaded files) of a stopped stack"
	@echo "make backup      database + stored files into BACKUP_DIR (backups/) as one archive"
	@echo "make restore BACKUP=file [OVERWRITE=1]   put a backup back into a stopped or fresh stack"
	@echo "make bench       performance report: API, archive, stream fan-out, Lighthouse (bench/results/)"

# Debian/Ubuntu packages (Postgres, Redis, nginx, envsubst, Chromium): apt as root, else named.
system:
	@scripts/system-packages.sh

tools:
	@scripts/bootstrap-node.sh

deps: tools
	@pnpm install --frozen-lockfile --prefer-offline

up: system deps
	@scripts/up.sh

dev: system deps
	@scripts/up.sh --dev

lint: deps
	pnpm lint

typecheck: deps
	pnpm -r --workspace-concurrency=1 typecheck
	pnpm exec tsc -p stack

test-unit: deps
	pnpm vitest run --project unit --project frontend

test-integration: system deps
	pnpm vitest run --project integration

# Starts its own stack on free ports with a temporary DATA_DIR (e2e/support/global-setup.ts).
# Extra Playwright arguments: make test-e2e E2E_ARGS='--grep smoke'
test-e2e: system deps
	pnpm --filter @radio/e2e exec playwright test $(E2E_ARGS)

# Kills Postgres, Redis, services, the worker, Icecast and Liquidsoap of a stack of its own under
# light load (e2e/faults/); a few minutes.
test-faults: system deps
	pnpm --filter @radio/e2e exec playwright test --config faults/playwright.config.ts $(E2E_ARGS)

# Three copies of the requests service behind the gateway (REQUESTS_REPLICAS=3) in a stack of its
# own: exact limits across copies, kill -9 of a copy under load, back to one (e2e/scale/).
test-scale: system deps
	pnpm --filter @radio/e2e exec playwright test --config scale/playwright.config.ts $(E2E_ARGS)

test: system deps lint typecheck test-unit test-integration test-e2e test-faults test-scale test-backup test-compose

clean-data:
	@scripts/clean-data.sh

# One archive (pg_dump + stored objects + library folders + settings) of the running or stopped
# native stack into BACKUP_DIR; restore it into a stopped or fresh one (OVERWRITE=1 replaces data).
backup: system deps
	@scripts/backup.sh

restore: system deps
	@BACKUP="$(BACKUP)" OVERWRITE="$(OVERWRITE)" scripts/restore.sh

# Backs up a running stack of its own, restores into a fresh DATA_DIR and checks the data there.
test-backup: system deps
	pnpm --filter @radio/e2e exec playwright test --config backup/playwright.config.ts $(E2E_ARGS)

# A report, not a test: a private stack on free ports, 1,000,000 plays, wrk (installed as root).
bench: system deps
	@scripts/bench.sh

# docker-compose.yml for real: a private Docker engine, stand-in base images (no Docker Hub), the
# project's images, `up --wait`, smoke checks through the gateway, scale-out, the upgrade script,
# everything removed again (compose-test/run.sh). Root. Cache: /var/cache/radio-compose-test.
test-compose: deps
	compose-test/run.sh

# The stack on a three-node Docker Swarm on this machine (engines in network namespaces),
# deployed with scripts/stack-deploy.sh: smoke checks, a copy killed, a rolling update, a node
# stopped and back; everything removed again (compose-test/swarm/run.sh). Root. Not part of
# `make test` (its time budget); .ci/run runs it after.
test-swarm: deps
	compose-test/swarm/run.sh
