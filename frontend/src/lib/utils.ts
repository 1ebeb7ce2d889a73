import { clsx, type ClassValue } from 'clsx';

/**
 * Of the Tailwind utilities this app combines, which ones set the same property: a later class
 * of a group replaces an earlier one with the same variants, as tailwind-merge (8 KB gzip, the
 * first page's biggest library after React) did. The list covers the groups the components
 * override (`cn(defaults, className)`); src/test/setup.ts checks every render of the frontend
 * tests against tailwind-merge itself, so a class that needs a new group fails a test.
 * Each rule: a pattern on the utility (variants, `!` and a leading `-` taken off), its group, and
 * the groups it also replaces (`p-6` replaces an earlier `pt-0`; a later `pt-0` only refines it).
 */
const GROUPS: [RegExp, string, ...string[]][] = [
  [
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root)$/,
    'display',
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(not-)?sr-only$/, 'sr'],
  [/^flex-(row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^grow(-|$)/, 'grow'],
  [/^shrink(-|$)/, 'shrink'],
  [/^basis-/, 'basis'],
  [/^grid-cols-/, 'grid-cols'],
  [/^col-span-/, 'col-span'],
  [/^gap-x-/, 'gap-x'],
  [/^gap-y-/, 'gap-y'],
  [/^gap-/, 'gap', 'gap-x', 'gap-y'],
  [/^justify-self-/, 'justify-self'],
  [/^justify-items-/, 'justify-items'],
  [/^justify-/, 'justify-content'],
  [/^items-/, 'align-items'],
  [/^self-/, 'align-self'],
  [/^content-/, 'align-content'],
  [/^place-content-/, 'place-content'],
  [/^p-/, 'p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  [/^px-/, 'px', 'pr', 'pl'],
  [/^py-/, 'py', 'pt', 'pb'],
  [/^p([trblse])-/, 'p$1'],
  [/^m-/, 'm', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  [/^mx-/, 'mx', 'mr', 'ml'],
  [/^my-/, 'my', 'mt', 'mb'],
  [/^m([trblse])-/, 'm$1'],
  [/^size-/, 'size', 'w', 'h'],
  [/^(w|h|min-w|min-h|max-w|max-h)-/, '$1'],
  [/^inset-/, 'inset', 'top', 'right', 'bottom', 'left'],
  [/^(top|right|bottom|left)-/, '$1'],
  [/^z-/, 'z'],
  [/^text-(xs|sm|base|lg|[2-9]?xl|\[(length:|[\d.]+[a-z%]+\]))/, 'font-size', 'leading'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-(ellipsis|clip)$/, 'text-overflow'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^font-(sans|serif|mono)$/, 'font-family'],
  [/^leading-/, 'leading'],
  [/^tracking-/, 'tracking'],
  [/^whitespace-/, 'whitespace'],
  [/^(tabular|proportional)-nums$/, 'numeric-spacing'],
  [/^align-/, 'vertical-align'],
  [
    /^bg-(fixed|local|scroll|clip-|origin-|repeat|no-repeat|auto$|cover$|contain$|none$|linear|radial|conic|top|bottom|left|right|center)/,
    '',
  ],
  [/^bg-/, 'bg-color'],
  [
    /^border(-\d+|-\[[\d.]+[a-z]+\])?$/,
    'border-w',
    ...['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `border-w-${side}`),
  ],
  [/^border-([xysetrbl])(-\d+)?$/, 'border-w-$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-(collapse|separate|spacing)/, ''],
  [/^border-/, 'border-color'],
  [/^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|\[.+\]))?$/, 'rounded'],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, 'shadow'],
  [/^shadow-/, 'shadow-color'],
  [/^ring(-\d+|-\[[\d.]+[a-z]+\])?$/, 'ring-w'],
  [/^ring-offset-(\d+|\[[\d.]+[a-z]+\])$/, 'ring-offset-w'],
  [/^ring-offset-/, 'ring-offset-color'],
  [/^ring-inset$/, 'ring-inset'],
  [/^ring-/, 'ring-color'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^opacity-/, 'opacity'],
  [/^cursor-/, 'cursor'],
  [/^pointer-events-/, 'pointer-events'],
  [/^overflow-([xy])-/, 'overflow-$1'],
  [/^overflow-/, 'overflow', 'overflow-x', 'overflow-y'],
  [/^transition(-(all|colors|opacity|shadow|transform|none|\[.+\]))?$/, 'transition'],
  [/^(duration|ease|delay|animate|fill|stroke|scale|rotate|isolat)-?/, '$1'],
  [/^isolate$/, 'isolat'],
  [/^translate-([xy])-/, 'translate-$1'],
  [/^divide-([xy])(-\d+)?$/, 'divide-$1'],
];

/** The variants (`sm:hover:`, `data-[state=open]:`; colons inside brackets belong to them) and the utility. */
function parts(className: string): [variants: string, utility: string] {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[') depth++;
    else if (char === ']') depth--;
    else if (char === ':' && depth === 0) end = i + 1;
  }
  return [className.slice(0, end), className.slice(end)];
}

function conflictKeys(className: string): string[] | undefined {
  const [variants, raw] = parts(className);
  const important = raw.startsWith('!') || raw.endsWith('!');
  const utility = raw.replace(/^!|!$/g, '').replace(/^-/, '');
  for (const [pattern, group, ...replaced] of GROUPS) {
    const match = pattern.exec(utility);
    if (!match) continue;
    if (!group) return undefined;
    const prefix = `${variants}${important ? '!' : ''}`;
    return [group, ...replaced].map((name) => prefix + name.replace('$1', match[1] ?? ''));
  }
  return undefined;
}

/** The answers so far: a page renders the same few hundred combinations again and again. */
const merged = new Map<string, string>();
const MERGED_MAX = 1_000;
/** Each class's groups (a few hundred classes make up all those combinations). */
const keysOf = new Map<string, string[]>();

function merge(joined: string): string {
  const classes = joined.split(' ');
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i];
    if (!className) continue;
    let keys = keysOf.get(className);
    if (!keys) keysOf.set(className, (keys = conflictKeys(className) ?? [`=${className}`]));
    if (taken.has(keys[0] ?? '')) continue;
    for (const key of keys) taken.add(key);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}

/** Class names joined (clsx); of utilities that set the same thing, the last one stays. */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let result = merged.get(joined);
  if (result === undefined) {
    result = merge(joined);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(joined, result);
  }
  return result;
}
