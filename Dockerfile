# Multi-stage production image: build the workspace, then ship only the server's runtime
# dependencies, the built packages and the built web app, running as a non-root user.
# apps/server/test/prod.test.ts runs the same build and deploy without Docker, then this file's
# runtime stage (ENV, WORKDIR, USER, CMD, HEALTHCHECK, STOPSIGNAL) on the deploy.

FROM node:26-bookworm AS build
RUN npm install -g pnpm@9.15.9
WORKDIR /src
# Manifests first so the dependency layer is cached across source changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/protocol/package.json packages/protocol/
COPY packages/bots/package.json packages/bots/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile
COPY packages packages
COPY apps apps
RUN pnpm build \
 && pnpm --filter @belote/server deploy --prod /out \
 && cp -r apps/web/dist /out/web

FROM node:26-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/web
WORKDIR /app
# The application stays owned by root (read-only for the server); only /data is writable.
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1 and handles SIGTERM itself (`docker stop`): finish in-flight writes, close the database.
# --max-semi-space-size=4: V8's young generation stays small (README "Memory"): a flood of messages
# grows the RSS by ~17 MB at its peak instead of ~100 MB.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "dist/main.js"]
