// Small helpers shared by the benchmark scripts that start gateways.
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (for a gateway started with PORT set to it). */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
