/**
 * npm run start:cluster -- --instances N [--port P]: N instances of the last build behind nginx on
 * this machine, on the PostgreSQL server at DATABASE_URL (and Redis at REDIS_URL when set).
 * Ctrl-C stops them all.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startCluster } from "./cluster.ts";

const { values } = parseArgs({ options: { instances: { type: "string", default: "2" }, port: { type: "string", default: "8080" } } });
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || !Number.isInteger(port)) throw new Error("usage: npm run start:cluster -- --instances N [--port P]");
if (!process.env.DATABASE_URL) {
  console.error("Instances share one database: set DATABASE_URL to a PostgreSQL server (the embedded database belongs to one process).");
  process.exit(1);
}
if (!process.env.REDIS_URL) console.warn("REDIS_URL is not set: each instance counts its own rate limit.");
// Every instance must sign cookies alike; a run without a secret of its own gets one for this run.
const cookieSecret = process.env.COOKIE_SECRET ?? randomBytes(32).toString("base64url");
const cluster = await startCluster({ instances, port, env: { COOKIE_SECRET: cookieSecret } });
console.log(`${instances} instance(s) on ports ${cluster.instances.map((i) => i.port).join(", ")}, behind nginx at ${cluster.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log("stopping the instances and nginx");
    void cluster.close().then(() => process.exit(0));
  });
}
