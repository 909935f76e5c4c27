/*
 * List requests per second at 50 connections (issue 21): 50 concurrent request loops over node:http
 * keep-alive connections (an Agent of at most 50 sockets per server; lighter on this 2-core machine's
 * CPU, which the client shares with the server, than fetch), each asking for a list page of its own —
 * pages 1–50 under the bench's filters in turn — round-robin over the servers' ports; a warm-up, then
 * `seconds` of counting. Prints and returns req/s and the latencies' p50/p95.
 */
import http from 'node:http';

export async function listLoad({ ports, token, queries, percentile, connections = 50, seconds = 10, warmup = 2 }) {
  const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
  let next = 0;
  const get = (path) =>
    new Promise((resolve, reject) => {
      const k = next++ % ports.length;
      const req = http.get({ host: '127.0.0.1', port: ports[k], path, agent: agents[k], headers: { 'X-Access-Token': token } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || !text.includes('"success":true')) reject(new Error(`list: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  let stopAt = 0;
  let counting = false;
  const samples = [];
  let errors = 0;
  let firstError;
  const loop = async (c) => {
    for (let i = 0; Date.now() < stopAt; i++) {
      const q = queries[(c + i) % queries.length];
      const page = 1 + ((c * 7 + i) % 50);
      const t = performance.now();
      try {
        await get(`/hope-boot/donation/record/list?pageNo=${page}&pageSize=10${q ? `&${q}` : ''}`);
        if (counting) samples.push(performance.now() - t);
      } catch (error) {
        errors++;
        firstError ??= error;
      }
    }
  };
  stopAt = Date.now() + warmup * 1000;
  await Promise.all(Array.from({ length: connections }, (_, c) => loop(c)));
  counting = true;
  const started = performance.now();
  stopAt = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, (_, c) => loop(c)));
  const took = (performance.now() - started) / 1000;
  for (const a of agents) a.destroy();
  samples.sort((a, b) => a - b);
  if (errors) console.log(`  (${errors} failed requests at 50 connections, the first: ${firstError?.message})`);
  return { rps: samples.length / took, p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}
