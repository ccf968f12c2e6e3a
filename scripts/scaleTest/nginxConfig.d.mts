/** Types of scripts/scaleTest/nginxConfig.mjs, for the TypeScript that imports it. */

export const NGINX_CONF: string;

export interface LocalNginxOptions {
  /** Folder for the pid, logs, temp files, cache and the offline page (`<dir>/offline/503.html`). */
  dir: string;
  /** Port nginx listens on, on 127.0.0.1. */
  port: number;
  /** `127.0.0.1:<port>` of each instance. */
  upstreams: string[];
  /** Trust X-Forwarded-For from this address (the configuration's real-IP block, turned on). */
  realIpFrom?: string;
  /** `realIpFrom` also terminates TLS: its X-Forwarded-Proto is believed (the `tls_balancer` line, turned on). */
  tlsBalancer?: boolean;
}

export function localNginxConfig(text: string, options: LocalNginxOptions): string;
export function writeLocalNginxConfig(options: LocalNginxOptions): string;
