/**
 * An in-process Firestore emulator (`@firestore-emulator/server`) on 127.0.0.1, for
 * `firebase-admin` through FIRESTORE_EMULATOR_HOST. No cloud account, no Java.
 *
 * The package's `start()` binds 0.0.0.0, so its inner gRPC server is bound here instead, with the
 * package's own copy of `@grpc/grpc-js` (a ServerCredentials of another copy is refused). The
 * Google auth library must not look for a cloud metadata server: METADATA_SERVER_DETECTION=none
 * and GCE_METADATA_HOST pointing at a closed local port. All of it is set before firebase-admin
 * is first imported (the Firestore outbox imports it on demand).
 *
 * Known gaps of the emulator (checked in its source): transactions are not isolated, update-time
 * preconditions are ignored, FieldValue.delete() does nothing, bulkWriter() and listCollections()
 * are not implemented. The outbox depends on none of them.
 */
import { createRequire } from "node:module";
import { FirestoreServer } from "@firestore-emulator/server";
import type { App } from "firebase-admin/app";
import type { Firestore } from "firebase-admin/firestore";

export interface FirestoreEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST. */
  host: string;
  /**
   * What a process needs to talk to it through firebase-admin: FIRESTORE_EMULATOR_HOST, and no
   * search for a cloud metadata server. Set in this process too; a child process is given them.
   */
  env: Record<string, string>;
  /** Every document write the emulator applied (what Firestore bills as writes and deletes), in order. */
  writes: EmulatorWrite[];
  stop(): void;
}

export interface EmulatorWrite {
  /** The collection of the written document (its id's parent), e.g. `outbox` or `outbox_transitions`. */
  collection: string;
  id: string;
  kind: "set" | "delete";
}

interface V1Write {
  has_delete: boolean;
  delete: string;
  update: { name: string };
}

interface GrpcServer {
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null, port: number) => void): void;
}

export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const emulator = new FirestoreServer();
  const grpc = createRequire(require.resolve("@firestore-emulator/server"))("@grpc/grpc-js") as {
    ServerCredentials: { createInsecure(): unknown };
  };
  const inner = (emulator as unknown as { server: GrpcServer }).server;
  const port = await new Promise<number>((resolve, reject) =>
    inner.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  // Counted where the emulator applies a write: a write it refuses (an existing marker) counts nothing.
  const writes: EmulatorWrite[] = [];
  const state = (emulator as unknown as { state: { writeV1Document(date: Date, write: V1Write): unknown } }).state;
  const apply = state.writeV1Document.bind(state);
  state.writeV1Document = (date, write) => {
    const result = apply(date, write);
    const parts = (write.has_delete ? write.delete : write.update.name).split("/");
    writes.push({ collection: parts.at(-2) ?? "", id: parts.at(-1) ?? "", kind: write.has_delete ? "delete" : "set" });
    return result;
  };
  const host = `127.0.0.1:${port}`;
  const env = { FIRESTORE_EMULATOR_HOST: host, METADATA_SERVER_DETECTION: "none", GCE_METADATA_HOST: "127.0.0.1:9" };
  Object.assign(process.env, env);
  return { host, env, writes, stop: () => emulator.stop() };
}

/**
 * For a test file: the emulator started before its tests, and a firebase-admin app of its own on
 * `projectId` talking to it; both gone after them. Read `emulator` and `firestore` inside tests.
 */
export function useEmulatedFirestore(projectId: string): { emulator: FirestoreEmulator; firestore: Firestore } {
  const used = {} as { emulator: FirestoreEmulator; firestore: Firestore; app: App };
  beforeAll(async () => {
    used.emulator = await startFirestoreEmulator();
    const { initializeApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    used.app = initializeApp({ projectId }, projectId);
    used.firestore = getFirestore(used.app);
  });
  afterAll(async () => {
    const { deleteApp } = await import("firebase-admin/app");
    if (used.app) await deleteApp(used.app);
    used.emulator?.stop();
  });
  return used;
}
