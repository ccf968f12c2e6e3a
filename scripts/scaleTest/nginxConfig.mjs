/**
 * deploy/nginx/nginx.conf made runnable on this machine: only the lines it marks `# local: <what>`
 * are rewritten (loopback addresses and ports, paths in a folder the run owns), so what runs in
 * tests and in `npm run scale-test` is the operator's file, setting for setting. A marked line that
 * is missing, or one this code does not know, is an error rather than a silent difference.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const NGINX_CONF = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/nginx/nginx.conf");

const MARK = /\s*#\s*local:\s*([a-z_]+)\s*$/;
const KNOWN = new Set([
  "pid",
  "error_log",
  "access_log",
  "temp",
  "upstream",
  "cache",
  "listen",
  "real_ip",
  "tls_balancer",
  "offline",
]);

/**
 * @param {string} text the deploy configuration
 * @param {{ dir: string, port: number, upstreams: string[], realIpFrom?: string, tlsBalancer?: boolean }} options
 *   dir: folder for pid, logs, temp files, the cache and the offline page (`<dir>/offline/503.html`);
 *   port: where nginx listens on 127.0.0.1; upstreams: `127.0.0.1:<port>` of each instance;
 *   realIpFrom: trust X-Forwarded-For from this address (the commented real-IP block, turned on),
 *   so a test can speak for many clients; tlsBalancer: that address also terminates TLS (its
 *   X-Forwarded-Proto is believed: the commented `tls_balancer` line, turned on).
 */
export function localNginxConfig(text, { dir, port, upstreams, realIpFrom, tlsBalancer }) {
  if (tlsBalancer && !realIpFrom)
    throw new Error("nginx.conf: a TLS-terminating balancer needs its address (realIpFrom)");
  const seen = new Set();
  let upstreamWritten = false;
  const out = [];
  for (const line of text.split("\n")) {
    const mark = MARK.exec(line)?.[1];
    if (!mark) {
      out.push(line);
      continue;
    }
    if (!KNOWN.has(mark)) throw new Error(`nginx.conf: unknown mark "# local: ${mark}" in: ${line.trim()}`);
    seen.add(mark);
    const indent = /^\s*/.exec(line)[0];
    const body = line.replace(MARK, "").trim();
    switch (mark) {
      case "pid":
        out.push(`${indent}pid ${dir}/nginx.pid;`);
        break;
      case "error_log":
        out.push(`${indent}error_log ${dir}/error.log warn;`);
        break;
      case "access_log":
        out.push(`${indent}access_log ${dir}/access.log site;`);
        break;
      case "temp":
      case "cache":
        if (!body.includes("/var/cache/nginx/"))
          throw new Error(`nginx.conf: expected a path under /var/cache/nginx/ in: ${body}`);
        out.push(indent + body.replaceAll("/var/cache/nginx/", `${dir}/`));
        break;
      case "upstream":
        // The first instance line becomes every local instance, the others go: same parameters.
        if (!upstreamWritten) {
          const params = /^server\s+\S+\s*(.*?);$/.exec(body)?.[1];
          if (params === undefined) throw new Error(`nginx.conf: cannot read the upstream line: ${body}`);
          for (const address of upstreams) out.push(`${indent}server ${address}${params ? ` ${params}` : ""};`);
          upstreamWritten = true;
        }
        break;
      case "listen":
        out.push(`${indent}listen 127.0.0.1:${port};`);
        break;
      case "real_ip":
        if (!realIpFrom) out.push(line);
        else {
          const directive = body.replace(/^#\s*/, "");
          out.push(indent + (directive.startsWith("set_real_ip_from") ? `set_real_ip_from ${realIpFrom};` : directive));
        }
        break;
      case "tls_balancer":
        out.push(tlsBalancer ? `${indent}${realIpFrom} 1;` : line);
        break;
      case "offline":
        out.push(`${indent}alias ${dir}/offline/;`);
        break;
    }
  }
  const missing = [...KNOWN].filter((mark) => !seen.has(mark));
  if (missing.length) throw new Error(`nginx.conf: no line marked # local: ${missing.join(", ")}`);
  return out.join("\n");
}

/** Writes the local configuration into `dir` (created, readable by nginx's workers) and returns its path. */
export function writeLocalNginxConfig(options) {
  fs.mkdirSync(path.join(options.dir, "offline"), { recursive: true });
  // nginx's workers drop root: they must reach the folder (the master creates what is inside).
  fs.chmodSync(options.dir, 0o755);
  const file = path.join(options.dir, "nginx.conf");
  fs.writeFileSync(file, localNginxConfig(fs.readFileSync(NGINX_CONF, "utf8"), options));
  return file;
}
