/** The rendered SVG of a figure, one element per line, attribute numbers rounded to 1 decimal (Plot's snapshots). */
export function svgSnapshot(html: string): string {
  const start = html.indexOf('<svg class="chart-svg');
  const svg = html.slice(start, html.indexOf('</svg>', start) + 6);
  return svg
    .replace(/="([^"]*)"/g, (_, value: string) => {
      const rounded = value.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));
      return `="${rounded}"`;
    })
    .replace(/></g, '>\n<');
}
