# syntax=docker/dockerfile:1
# Build stage: install everything, build the client and bundle the server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

# Runtime stage: production dependencies and the build output only.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The server migrates (and seeds once) at boot, then serves the API and the shop. One image for every
# instance (docs/deploy.md): DATABASE_URL (PostgreSQL, or PgBouncer in transaction mode), with it
# DATABASE_DIRECT_URL (PostgreSQL itself: LISTEN, jobs, migrations) and optionally DATABASE_READ_URL
# (replicas). /api/health is liveness (below); point the load balancer's readiness at /api/ready.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server/index.js"]
