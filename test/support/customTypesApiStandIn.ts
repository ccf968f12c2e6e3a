/**
 * A stand-in for Prismic's Custom Types API on 127.0.0.1, with the paths, status codes and
 * headers @prismicio/custom-types-client uses: `GET /customtypes`, `GET /customtypes/:id`,
 * `POST /customtypes/insert` (201, 409 when it exists), `POST /customtypes/update` (204, 404 when
 * missing), `DELETE /customtypes/:id` (204), the same under `/slices`. Every request must carry
 * `repository: <name>` and `Authorization: Bearer <token>` (401 otherwise). Models are kept in
 * memory; every request is recorded. It also answers as the Asset API's upload, `POST /assets`
 * (multipart `file`; 200 with the asset's id and its images.prismic.io URL, named after the file).
 */
import http from "node:http";
import type net from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  repository: string | undefined;
  authorization: string | undefined;
}

export interface CustomTypesApiStandIn {
  /** The endpoint to give the client (PRISMIC_CUSTOM_TYPES_API). */
  endpoint: string;
  customTypes: Map<string, { id: string }>;
  slices: Map<string, { id: string }>;
  requests: RecordedRequest[];
  /** Files uploaded to POST /assets. */
  assets: { filename: string; bytes: Buffer; url: string }[];
  /** Requests that changed something (POST and DELETE). */
  writes(): RecordedRequest[];
  close(): Promise<void>;
}

export async function startCustomTypesApiStandIn(options: {
  repository: string;
  token: string;
}): Promise<CustomTypesApiStandIn> {
  const stores = { customtypes: new Map<string, { id: string }>(), slices: new Map<string, { id: string }>() };
  const requests: RecordedRequest[] = [];
  const assets: CustomTypesApiStandIn["assets"] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      repository: req.headers.repository as string | undefined,
      authorization: req.headers.authorization,
    };
    requests.push(recorded);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (recorded.authorization !== `Bearer ${options.token}` || recorded.repository !== options.repository)
      return send(401, { message: "Unauthorized" });

    if (req.method === "POST" && url.pathname === "/assets") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Request("http://127.0.0.1/assets", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: Buffer.concat(chunks),
      }).formData();
      const file = form.get("file");
      if (!(file instanceof File)) return send(400, { message: "file is required" });
      const id = `asset${assets.length + 1}`;
      const asset = {
        filename: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
        url: `https://images.prismic.io/${options.repository}/${id}_${file.name}?auto=format,compress`,
      };
      assets.push(asset);
      return send(200, { id, url: asset.url, filename: file.name });
    }
    const match = /^\/(customtypes|slices)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return send(404, { message: "Not found" });
    const store = stores[match[1] as keyof typeof stores];
    const action = match[2];
    const body = async () => {
      let text = "";
      for await (const chunk of req) text += chunk;
      return JSON.parse(text) as { id: string };
    };

    if (req.method === "GET" && !action) return send(200, [...store.values()]);
    if (req.method === "GET" && action)
      return store.has(action) ? send(200, store.get(action)) : send(404, { message: "Not found" });
    if (req.method === "POST" && action === "insert") {
      const model = await body();
      if (store.has(model.id)) return send(409, { message: "Conflict" });
      store.set(model.id, model);
      return send(201);
    }
    if (req.method === "POST" && action === "update") {
      const model = await body();
      if (!store.has(model.id)) return send(422, { message: "Unknown id" });
      store.set(model.id, model);
      return send(204);
    }
    if (req.method === "DELETE" && action) {
      store.delete(action);
      return send(204);
    }
    return send(405, { message: "Method not allowed" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    customTypes: stores.customtypes,
    slices: stores.slices,
    requests,
    assets,
    writes: () => requests.filter((r) => r.method !== "GET"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
