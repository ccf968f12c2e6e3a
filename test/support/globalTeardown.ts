/** After the test files: ends the run's shared processes (test/support/sharedProcess.ts) that files started. */
import { stopSharedProcesses } from "./sharedProcess";

export default function globalTeardown(): void {
  stopSharedProcesses();
}
