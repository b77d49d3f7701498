# syntax=docker/dockerfile:1
# The Sarraf API server with its built PWA, for PostgreSQL (DATABASE_URL). Two stages: the build has every
# dependency (Vite, rolldown, Lingui, TypeScript); the image has production dependencies only, runs as the
# unprivileged `node` user, and never builds at start. See README "Deployment".

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# dependencies first: this layer is reused until package.json or the lockfile changes
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# the release this image is (package.json's unless stamped: docker build --build-arg RELEASE_VERSION=…)
ARG RELEASE_VERSION
ARG RELEASE_UPDATE
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    SARRAF_ENV=production \
    PORT=8080 \
    METRICS_PORT=9464 \
    STATIC_DIR=dist \
    DATA_DIR=/app/data
COPY --chown=root:root package.json package-lock.json ./
COPY --from=production-dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/dist-server ./dist-server
# the server reads its e-mail and push texts from the same catalogs as the app
COPY --from=build --chown=root:root /app/locales ./locales
# the code is root's and read-only to the server; only the PGlite directory (unused with DATABASE_URL) is its own
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080 9464
# /livez: the process runs (the health endpoints land with the database-resilience work; until then /healthz)
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child under `docker run --init` / compose `init: true`, and handles SIGTERM (graceful stop)
# a young generation of up to 32 MB per semi-space: each answer's garbage dies young there (docs/decisions.md)
CMD ["node", "--max-semi-space-size=32", "dist-server/main.js"]
