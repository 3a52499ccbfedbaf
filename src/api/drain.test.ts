import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnectionsForDrain } from "./drain.ts";

const BIG = Buffer.alloc(16 * 1024 * 1024, "x");

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listen(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  const drain = trackConnectionsForDrain(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { drain, port: (server.address() as AddressInfo).port };
}

/** A raw client: sends one GET and collects whatever arrives until the connection ends. */
function rawGet(port: number): { socket: Socket; received: Promise<Buffer> } {
  const socket = connect(port, "127.0.0.1");
  socket.write("GET / HTTP/1.1\r\nHost: test\r\n\r\n");
  const chunks: Buffer[] = [];
  const received = new Promise<Buffer>((resolve) => {
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks)));
    socket.on("error", () => undefined);
  });
  return { socket, received };
}

function bodyOf(answer: Buffer): Buffer {
  return answer.subarray(answer.indexOf("\r\n\r\n") + 4);
}

describe("draining the server", () => {
  it("delivers an answer whose tail still waits in the socket's buffer, then closes its connection", async () => {
    let ended!: () => void;
    const endedOnce = new Promise<void>((resolve) => (ended = resolve));
    const { drain, port } = await listen((_req, res) => {
      res.setHeader("content-length", BIG.length);
      res.end(BIG);
      ended();
    });
    const client = rawGet(port);
    client.socket.pause(); // a slow reader: most of the answer stays buffered on the server's side
    await endedOnce;
    const drained = drain(5_000, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.socket.resume();
    const answer = await client.received;
    await drained;
    expect(bodyOf(answer).length).toBe(BIG.length);
  });

  it("closes kept-alive connections with nothing outstanding at once, and refuses new ones", async () => {
    const { drain, port } = await listen((_req, res) => res.end("ok"));
    const client = rawGet(port);
    await new Promise<void>((resolve) => client.socket.once("data", () => resolve()));
    const started = Date.now();
    await drain(5_000, () => undefined);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await client.received).toString()).toContain("ok");
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it("lets a request in flight finish, and cuts off one still running at the deadline", async () => {
    const cutOffs: string[] = [];
    const { drain, port } = await listen((req, res) => {
      if (req.url === "/slow") return; // never answers
      setTimeout(() => res.end("late but whole"), 200);
    });
    const quick = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    const stuck = fetch(`http://127.0.0.1:${port}/slow`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await drain(600, () => cutOffs.push("cut off"));
    expect(await quick).toBe("late but whole");
    expect(await stuck).toBeInstanceOf(Error);
    expect(cutOffs).toEqual(["cut off"]);
  });
});
