# syntax=docker/dockerfile:1
# Production image: `next start` on port 3000 (NODE_OPTIONS below: scripts/server-options.mjs).
# It needs DATABASE_URL (PostgreSQL; without it the app falls back to an embedded database in
# /app/data) and NEXTAUTH_SECRET (32+ random characters; on the embedded database, one is made at
# the first start and kept in /app/data/secret when it is unset).
# Migrations are applied and, on an empty database, the demo workspace is seeded when it starts.
# docker-compose.yml runs it with PostgreSQL 16.
# Node 22: package.json's engines.node is 22.15+ or 24+ (docs/node-version.md).

# Dependencies, from the lockfile only so this layer stays cached while the sources change.
# Install scripts are off: the project's own postinstall (prisma generate) needs the sources and
# runs in the next stage, and the dependencies need none (platform packages bring the binaries).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` (not `npm ci`): the offline registry mirror lacks other platforms' optional
# packages, so the lockfile cannot list them and `npm ci` refuses it; versions stay locked.
RUN npm install --ignore-scripts --no-audit --no-fund

# Prisma client (generated into lib/generated), then the production build.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npx next build \
 && rm -rf .next/cache \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# Runtime: the build, the runtime dependencies and prisma/ (migrations run at start).
FROM node:22-bookworm-slim AS runtime
# LibreOffice Writer turns Word files into PDF (downloads as PDF, .doc uploads); about 300 MB.
# `--build-arg LIBREOFFICE=0` leaves it out: the app then says so where it would need it.
ARG LIBREOFFICE=1
RUN if [ "$LIBREOFFICE" = "1" ]; then \
      apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-liberation && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /app
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=32 \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000
COPY --from=build /app/package.json /app/next.config.ts ./
COPY --from=build /app/scripts/server.mjs /app/scripts/remote-address.mjs ./scripts/
# next.config.ts reads its fixed security headers from here (docs/security-headers.md).
COPY --from=build /app/lib/http/security-headers.ts ./lib/http/security-headers.ts
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build --chown=node:node /app/.next ./.next
RUN mkdir -p /app/data /app/storage && chown node:node /app/data /app/storage
USER node
EXPOSE 3000
# The app's server: Next plus GraphQL subscriptions over WebSocket (scripts/server.mjs).
CMD ["node", "scripts/server.mjs", "--hostname", "0.0.0.0", "--port", "3000"]
