/**
 * Export of a rendered figure as a standalone SVG or PNG file. The SVG is the DOM node React rendered, cloned,
 * with the computed styles of the page (theme colours, fonts) written onto each element so that the file looks the
 * same outside the page, the interactive parts (cursor, focus targets) removed, and the title and legend drawn in.
 * Serialised with XMLSerializer; the PNG is that SVG drawn onto a canvas. No HTML strings are parsed.
 */
import type { LegendItem } from '../../figures/plot.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Style properties written onto shapes and texts, with the value that needs no writing. */
const SHAPE_PROPS: Readonly<Record<string, string>> = {
  fill: '',
  stroke: 'none',
  'stroke-width': '1px',
  'stroke-dasharray': 'none',
  'stroke-linejoin': 'miter',
  opacity: '1',
};
const TEXT_PROPS: Readonly<Record<string, string>> = {
  ...SHAPE_PROPS,
  'font-family': '',
  'font-size': '',
  'font-weight': '400',
  'font-style': 'normal',
  'font-variant-numeric': 'normal',
  'paint-order': 'normal',
};
const HEADER = 52;

/**
 * Writes the computed style of each shape and text onto the copy (only what differs from the SVG default), and
 * drops presentation attributes that refer to the page's custom properties (var(--…)), which mean nothing outside.
 */
function inlineStyles(source: Element, target: Element): void {
  const tag = source.tagName.toLowerCase();
  const props =
    tag === 'text' || tag === 'tspan'
      ? TEXT_PROPS
      : ['path', 'line', 'rect', 'circle'].includes(tag)
        ? SHAPE_PROPS
        : null;
  if (props) {
    const computed = getComputedStyle(source);
    // Through the CSSOM, not a style attribute: the page's Content-Security-Policy (style-src 'self') blocks those.
    const { style } = target as SVGElement;
    for (const [p, skip] of Object.entries(props)) {
      const value = computed.getPropertyValue(p);
      if (value !== '' && value !== skip) style.setProperty(p, value);
    }
  }
  for (const name of ['stroke', 'fill']) if (target.getAttribute(name)?.includes('var(')) target.removeAttribute(name);
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i], target.children[i]);
}

function element(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A header with the title and the legend (the page shows them as HTML, outside the SVG). */
function header(
  title: string,
  legend: readonly LegendItem[],
  hidden: ReadonlySet<string>,
  colors: CSSStyleDeclaration,
) {
  const fg = colors.getPropertyValue('color');
  const font = colors.getPropertyValue('font-family');
  const g = element('g', { 'font-family': font, fill: fg });
  g.appendChild(element('text', { x: 12, y: 20, 'font-size': 15, 'font-weight': 600, fill: fg }, title));
  let x = 12;
  for (const item of legend.filter((l) => !hidden.has(l.id))) {
    const probe = element('g', { stroke: item.stroke });
    document.body.appendChild(probe);
    const stroke = getComputedStyle(probe).getPropertyValue('stroke');
    probe.remove();
    const swatch =
      item.mark === 'bar'
        ? element('rect', { x, y: 34, width: 14, height: 10, fill: stroke })
        : element('line', { x1: x, x2: x + 24, y1: 39, y2: 39, stroke, 'stroke-width': 2.5 });
    if (item.dash && item.mark === 'line') swatch.setAttribute('stroke-dasharray', item.dash);
    g.appendChild(swatch);
    g.appendChild(element('text', { x: x + 29, y: 43, 'font-size': 12, fill: fg }, item.label));
    x += 29 + 7 * item.label.length + 18;
  }
  return g;
}

/** The standalone SVG document of a rendered figure. */
export function figureSvg(
  svg: SVGSVGElement,
  title: string,
  legend: readonly LegendItem[],
  hidden: ReadonlySet<string>,
): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, clone);
  for (const el of clone.querySelectorAll('.hit, .cursor')) el.remove();
  for (const el of clone.querySelectorAll('[class]')) el.removeAttribute('class');
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '0 0 800 400').split(/\s+/).map(Number);
  const page = getComputedStyle(svg.closest('figure') ?? document.body);
  const root = element('svg', {
    xmlns: SVG_NS,
    width,
    height: height + HEADER,
    viewBox: `0 0 ${width} ${height + HEADER}`,
  });
  const background =
    ['body', 'html']
      .map((selector) => getComputedStyle(document.querySelector(selector) ?? document.body).backgroundColor)
      .find((c) => c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') ?? '#ffffff';
  root.appendChild(element('rect', { x: 0, y: 0, width, height: height + HEADER, fill: background }));
  root.appendChild(header(title, legend, hidden, page));
  const body = element('g', { transform: `translate(0,${HEADER})` });
  for (const child of [...clone.childNodes]) body.appendChild(child);
  root.appendChild(body);
  return new XMLSerializer().serializeToString(root);
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvg(markup: string, name: string): void {
  download(new Blob([markup], { type: 'image/svg+xml' }), `${name}.svg`);
}

/** Rasterises the SVG at `scale` × its size (2: sharp on high-density screens and in slides). */
export async function downloadPng(markup: string, name: string, scale = 2): Promise<void> {
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the figure could not be drawn as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas available');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the PNG could not be encoded');
    download(blob, `${name}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadText(text: string, name: string, type = 'text/csv'): void {
  download(new Blob([text], { type: `${type};charset=utf-8` }), name);
}
