/** Throws the first failure of `Promise.allSettled` (as Prismic's adapters do), after every task has finished. */
export function rejectIfNecessary(results: readonly PromiseSettledResult<unknown>[]): void {
  const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failure) throw failure.reason;
}
