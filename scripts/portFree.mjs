/**
 * `npm start`'s first step: is PORT free? Checked before building, so a start on a port in use
 * says so in one line and builds nothing (a build would replace dist/ under the server already
 * there). PORT and HOST as the server reads them (docs/configuration.md).
 */
import net from "node:net";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
if (!/^\d{1,5}$/.test(process.env.PORT ?? "3000") || port > 65535) {
  console.error(
    `Invalid configuration:\n  PORT: a port number from 0 to 65535 (it is ${JSON.stringify(process.env.PORT)})`,
  );
  process.exit(1);
}
const probe = net.createServer();
probe.once("error", (error) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${port} is already in use (another npm start or npm run dev?): stop it, or start on another port: PORT=${port + 1} npm start`
      : `Port ${port} cannot be used: ${error.message}`,
  );
  process.exit(1);
});
probe.listen(port, host, () => probe.close());
