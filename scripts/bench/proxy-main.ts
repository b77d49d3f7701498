/**
 * The bench's round-robin proxy as a process of its own, as Caddy would be (forked by `startProxy` in
 * server-process.ts): `proxy-main.ts <replica port>…`. Tells its parent its port, then every replica it takes
 * out or back; answers 'counts' with each replica's counts.
 */
import { startRoundRobinProxy } from './round-robin-proxy.ts';

const send = (message: unknown) => process.send?.(message);
const proxy = await startRoundRobinProxy({
  upstreams: process.argv.slice(2).map(Number),
  onEvent: (event) => send({ event }),
});
process.on('message', (message) => {
  if (message === 'counts') send({ counts: proxy.counts() });
});
process.on('disconnect', () => void proxy.close().then(() => process.exit(0)));
send({ port: proxy.port });
