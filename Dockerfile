# syntax=docker/dockerfile:1
# Isoptera's production image (README "Production", issue 16): the server from built JavaScript (`node
# apps/server/dist/main.js`, no npm or tsx in between, so SIGTERM reaches Node) serving the built web app.
# It needs DATABASE_URL, JWT_SECRET and APP_URL (compose.yaml gives them) and never seeds the demo unless SEED=demo.
#
#   docker build -t isoptera .
#   docker run --rm -e DATABASE_URL=… -e JWT_SECRET=… -e APP_URL=… -p 3000:3000 isoptera
#   docker run --rm -e DATABASE_URL=… -e JWT_SECRET=… -e APP_URL=… isoptera node apps/server/dist/migrate.js

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, then the web app (apps/web/dist) and the server bundle (apps/server/dist) ------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- dependencies: the server's production dependencies only (no web, test or build tools) -------------------------
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @isoptera/server --ignore-scripts --no-audit --no-fund \
  && npm cache clean --force

# --- runtime: the bundle and the files it reads, where the repository keeps them (apps/server/build.mjs) -------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
# the manifests (apps/server/package.json says `"type": "module"`) and node_modules, the root's and the server's
COPY --from=dependencies /app ./
COPY apps/server/src/db/migrations apps/server/src/db/migrations
COPY packages/i18n/locales packages/i18n/locales
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
