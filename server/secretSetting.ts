/**
 * A setting that holds a secret (a token, a shared secret): long enough, and never a value
 * copied from an example. deploy/kubernetes/secret.yaml ships `replace-with-…` values so the
 * manifests apply as they are; such a value is refused at start, so no deploy runs with a secret
 * anyone can read in this repository (docs/configuration.md).
 */
import { z } from "zod";

const PLACEHOLDER = /change[-_. ]?me|replace|example|placeholder|^your[-_ ]|^x{3,}$|[<>…]/i;

/** A secret of at least `min` characters that is not a placeholder. */
export const secret = (min: number) =>
  z
    .string()
    .min(min, min > 1 ? `at least ${min} characters` : "not empty")
    .refine(
      (value) => !PLACEHOLDER.test(value),
      "a placeholder (change-me, replace-…, example, your-…): put in a secret of your own",
    );
