/** The part of `proxy-addr` (Express's own client-address logic, no types published) the page cache's fast path uses. */
declare module "proxy-addr" {
  import type { IncomingMessage } from "node:http";
  function proxyaddr(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string;
  export = proxyaddr;
}
