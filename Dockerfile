# The production image: the steps of tests/install/production-install.test.ts (which npm test runs),
# in two stages. Build: every dependency, `npm run build` (dist/ and dist-server/). Run: production
# dependencies only, the built output, plain node as the unprivileged `node` user. docs/deploy.md.
# (CI has no container daemon: it runs those steps, not `docker build`.)

# Node 24, the current LTS: Node 20 reached its end of life in April 2026 (docs/deploy.md "What you need").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
USER node
EXPOSE 8080
# Ready = the database answers, migrations are applied and the process is not draining (GET /readyz). While
# the start waits for the database (DATABASE_START_TIMEOUT_SECONDS) /readyz answers 503: within start-period.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains and exits 0 within SHUTDOWN_TIMEOUT_MS (10 s by default): give it longer than that.
STOPSIGNAL SIGTERM
# The production start: production or a one-line refusal naming what is missing, never the sandbox. The
# settings come from the container's environment (compose.yaml's env_file: .env); the image has no .env.
CMD ["node", "dist-server/main.js", "--production"]
