# One image for every Node process of the platform: the HTTP services (auth, requests, playlist,
# uploads), the worker and the migrate job. Node runs the TypeScript sources directly (type
# stripping), exactly as natively: the compose file picks the entry point per service,
#   node services/<name>/src/server.ts     or     node packages/db/src/migrate-cli.ts
# Build context: the repository root.
FROM node:24.19.0-bookworm-slim AS base
WORKDIR /app
# The pnpm version pinned in package.json's packageManager field.
# Behind a TLS-inspecting proxy, pass its CA as the build secret `ca` (compose-test does); it is
# only mounted for the steps that download, never stored in the image.
RUN --mount=type=bind,source=package.json,target=/tmp/package.json --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm install -g --no-audit --no-fund "$(node -p "require('/tmp/package.json').packageManager")"

# Production dependencies of the services and the workspace packages they use (not the frontend,
# the e2e tests or the test harness).
FROM base AS deps
ENV CI=true
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    pnpm fetch --prod
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    pnpm install --offline --frozen-lockfile --prod \
      --filter '@radio/auth...' --filter '@radio/requests...' --filter '@radio/playlist...' \
      --filter '@radio/uploads...' --filter '@radio/worker...' --filter '@radio/db...'

FROM node:24.19.0-bookworm-slim AS runtime
# ffmpeg/ffprobe: voice messages (uploads), the library's tags (requests), acquired tracks (worker).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /srv/library && chown node:node /srv/library
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /app/package.json /app/pnpm-workspace.yaml /app/tsconfig.base.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/packages ./packages
COPY --from=deps /app/services ./services
COPY --chmod=755 scripts/container-health.sh /usr/local/bin/radio-health
USER node
EXPOSE 3000
# SERVICE selects the process when no command is given (compose gives one per service).
ENV SERVICE=auth
CMD ["sh", "-c", "exec node services/$SERVICE/src/server.ts"]
