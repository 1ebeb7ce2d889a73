# Every target runs on the project's Node (>= 22): .tools/bin comes first on PATH, and
# scripts/bootstrap-node.sh puts a project-local Node 24 there when the system one is older.
SHELL := /bin/bash
export PATH := $(CURDIR)/.tools/bin:$(PATH)

.PHONY: tools deps lint typecheck test-unit test-integration test

tools:
	@scripts/bootstrap-node.sh

deps: tools
	@pnpm install --frozen-lockfile --prefer-offline

lint: deps
	pnpm lint

typecheck: deps
	pnpm -r --workspace-concurrency=1 typecheck

test-unit: deps
	pnpm vitest run --project unit --project frontend

test-integration: deps
	pnpm vitest run --project integration
