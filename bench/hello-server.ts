/** The yardstick: a bare Fastify JSON hello, in its own process. Prints its address. */
import Fastify from "fastify";

const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
console.log(await app.listen({ host: "127.0.0.1", port: 0 }));
