/**
 * A TCP proxy between the server and Postgres, to simulate a database restart without touching the
 * machine's shared Postgres: `cut()` drops every connection and refuses new ones, `restore()`
 * accepts them again on the same port.
 */
import { once } from 'node:events';
import net from 'node:net';

/** Forwards TCP to Postgres; `cut()` drops every connection and refuses new ones until `restore()`. */
export async function startPostgresProxy(upstreamHost: string, upstreamPort: number) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const handle = (client: net.Socket) => {
    connections += 1;
    const upstream = net.connect(upstreamPort, upstreamHost);
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server = net.createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    connections: () => connections,
    /** The database "goes down": open connections break, new ones are refused (ECONNREFUSED). */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    /** The database is back on the same address. */
    async restore() {
      server = net.createServer(handle);
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
