/** `fresh` (Express's own conditional-request check, no types published): server/requestRules/conditionalRequest.ts. */
declare module "fresh" {
  function fresh(
    reqHeaders: Record<string, string | undefined>,
    resHeaders: Record<string, string | undefined>,
  ): boolean;
  export = fresh;
}
