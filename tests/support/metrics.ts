/** The value of one sample line of a Prometheus scrape with exactly these labels, or undefined when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = line.includes('{') ? line.slice(line.indexOf('{') + 1, line.indexOf('}')).split(',') : [];
    if (want.every((w) => inner.includes(w)) && inner.length === want.length) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}
