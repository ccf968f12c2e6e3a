/**
 * The reference servers of `npm run bench`, each in a process of its own (so none shares an
 * event loop with the load generator): `bare <file>` is a bare node:http server writing the
 * file from one buffer with a fixed header block (`bare <file> br`: a brotli body, sent as
 * such); `static <dir>` is express.static serving the folder. Prints `{"port": N}` on stdout
 * when listening on 127.0.0.1.
 */
import fs from "node:fs";
import http from "node:http";
import express from "express";

const [mode, target, encoding] = process.argv.slice(2);
let server;
if (mode === "bare") {
  const body = fs.readFileSync(target);
  const headers = [
    "Content-Type",
    "text/html; charset=utf-8",
    "Content-Length",
    String(body.length),
    ...(encoding ? ["Content-Encoding", encoding] : []),
  ];
  server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
} else if (mode === "static") {
  const app = express();
  app.use(express.static(target));
  server = http.createServer(app);
} else {
  throw new Error(`unknown mode ${mode}`);
}
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
