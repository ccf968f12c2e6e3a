/** Copies the project at `root` into a new temporary folder named from `prefix`; returns its path. */
export function copyProjectFiles(root: string, prefix: string): string;
