/** The part of `accepts` (Express's own negotiation, no types published) the root's region rule uses. */
declare module "accepts" {
  import type { IncomingHttpHeaders } from "node:http";
  interface Accepts {
    languages(languages: string[]): string | false;
  }
  /** It reads the request's headers only. */
  function accepts(req: { headers: IncomingHttpHeaders }): Accepts;
  export = accepts;
}
