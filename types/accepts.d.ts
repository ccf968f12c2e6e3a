/** The part of `accepts` (Express's own negotiation, no types published) the page cache's fast path uses. */
declare module "accepts" {
  import type { IncomingMessage } from "node:http";
  interface Accepts {
    languages(languages: string[]): string | false;
  }
  function accepts(req: IncomingMessage): Accepts;
  export = accepts;
}
