import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface Drain {
  /**
   * Refuses new connections and resolves when the last open one is gone. A connection is closed as
   * soon as it has no answer left to deliver; one still busy after `timeoutMs` is cut off, because
   * the process must end (`onCutOff` is told first).
   */
  (timeoutMs: number, onCutOff: () => void): Promise<void>;
}

/**
 * Counts each connection's answers from the moment a request arrives until its last byte is handed
 * to the operating system ('finish'), and closes only connections with none outstanding.
 *
 * Node's own closeIdleConnections() (which server.close() calls) is replaced: it takes an answer as done once `end()`
 * was called, while the answer's tail may still wait in the socket's buffer under load, and
 * destroying the socket then cuts the answer short: the load balancer has already passed the
 * headers on and can only break the client's connection.
 * Must be attached before the server listens, so it sees every connection.
 */
export function trackConnectionsForDrain(server: Server): Drain {
  const outstanding = new Map<Socket, number>();
  let draining = false;
  const closeIfIdle = (socket: Socket) => {
    if ((outstanding.get(socket) ?? 0) === 0 && socket.writableLength === 0) socket.destroy();
  };
  const closeIdle = () => outstanding.forEach((_, socket) => closeIfIdle(socket));
  // server.close() calls this itself: it must not cut answers short either.
  server.closeIdleConnections = closeIdle;
  server.on("connection", (socket: Socket) => {
    outstanding.set(socket, 0);
    socket.once("close", () => outstanding.delete(socket));
  });
  server.on("request", (request, response) => {
    const socket = request.socket;
    outstanding.set(socket, (outstanding.get(socket) ?? 0) + 1);
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      if (!outstanding.has(socket)) return;
      outstanding.set(socket, outstanding.get(socket)! - 1);
      // After this tick, so Node may first read a request already waiting on the connection.
      if (draining) setImmediate(() => closeIfIdle(socket));
    };
    response.once("finish", settle);
    response.once("close", settle);
  });

  return (timeoutMs, onCutOff) =>
    new Promise((resolve) => {
      draining = true;
      // Requests that arrive on a kept-alive connection meanwhile are still served; their answers say
      // "Connection: close" (see app.ts), and the connection goes once they are delivered.
      const sweep = setInterval(closeIdle, 100);
      const cutOff = setTimeout(() => {
        onCutOff();
        outstanding.forEach((_, socket) => socket.destroy());
      }, timeoutMs);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(cutOff);
        resolve();
      });
    });
}
