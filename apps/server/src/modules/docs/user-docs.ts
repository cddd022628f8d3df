import fs from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';

/** One page of the user documentation, rendered. */
export interface DocsPage {
  /** the URL segment under /docs/ ('' for the first page) */
  slug: string;
  title: string;
  html: string;
}

/** `3-workflows.md` -> `workflows`; the number only orders the pages; `index.md` is the first page. */
function slugOf(fileName: string): string {
  const base = fileName.replace(/\.md$/, '').replace(/^\d+-/, '');
  return base === 'index' ? '' : base;
}

function orderOf(fileName: string): number {
  return fileName === 'index.md' ? -1 : Number(/^(\d+)-/.exec(fileName)?.[1] ?? 1000);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const anchorOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/**
 * The user documentation: the Markdown files of `dir` (docs/user in the repository), read and
 * rendered with marked once, when the server starts. Links between the files (`3-workflows.md#x`)
 * become links between the pages (`workflows#x`), so the files read well on a code host too.
 */
export function loadUserDocs(dir: string): DocsPage[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b));
  const slugs = new Map(files.map((name) => [name, slugOf(name)]));
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'link') return;
      const link = token as Tokens.Link;
      const [file, hash] = link.href.split('#') as [string, string | undefined];
      const slug = slugs.get(file);
      if (slug !== undefined) link.href = `${slug || './'}${hash ? `#${hash}` : ''}`;
    },
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${anchorOf(inner)}">${inner}</h${depth}>\n`;
      },
    },
  });
  return files.map((name) => {
    const markdown = fs.readFileSync(path.join(dir, name), 'utf8');
    const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? name;
    return { slug: slugs.get(name) ?? name, title, html: marked.parse(markdown, { async: false }) };
  });
}

const STYLE = `
:root { color-scheme: light; --accent: #3b5bdb; --muted: #5c5f66; --line: #dee2e6; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.65 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212529; background: #fff; }
header { display: flex; gap: 1.5rem; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); background: #f8f9fa; }
header strong { font-size: 1.05rem; }
header a { color: var(--accent); text-decoration: none; }
.layout { display: flex; max-width: 72rem; margin: 0 auto; }
nav.pages { flex: 0 0 15rem; padding: 1.5rem 1rem; border-right: 1px solid var(--line); }
nav.pages ol { list-style: none; margin: 0; padding: 0; }
nav.pages li a { display: block; padding: .3rem .6rem; border-radius: 4px; color: #343a40; text-decoration: none; }
nav.pages li a:hover { background: #f1f3f5; }
nav.pages li a[aria-current='page'] { background: #edf2ff; color: var(--accent); font-weight: 600; }
main { flex: 1; min-width: 0; max-width: 48rem; padding: 1.5rem 2.5rem 4rem; }
h1 { font-size: 2rem; line-height: 1.25; margin-top: 0; }
h2 { margin-top: 2.2rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
a { color: var(--accent); }
code { font: .9em ui-monospace, 'DejaVu Sans Mono', monospace; background: #f1f3f5; padding: .1em .3em; border-radius: 3px; }
pre { background: #f1f3f5; padding: .8rem 1rem; overflow-x: auto; border-radius: 4px; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .35rem .7rem; text-align: left; vertical-align: top; }
blockquote { margin: 1rem 0; padding: .2rem 1rem; border-left: 4px solid #bac8ff; background: #f8f9ff; color: var(--muted); }
.pager { display: flex; justify-content: space-between; margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--line); }
@media (max-width: 48rem) { .layout { display: block; } nav.pages { border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 1rem; } }
`;

/** A whole HTML page: the pages' list beside the text, previous/next links below it. */
export function renderDocsPage(pages: DocsPage[], page: DocsPage, instanceName: string): string {
  const href = (target: DocsPage) => `/docs/${target.slug}`;
  const index = pages.indexOf(page);
  const previous = pages[index - 1];
  const next = pages[index + 1];
  const list = pages.map((entry) => `<li><a href="${href(entry)}"${entry === page ? ' aria-current="page"' : ''}>${escapeHtml(entry.title)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(instanceName)} documentation</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>${escapeHtml(instanceName)} documentation</strong><a href="/asb/">Open the portal</a><a href="/asb/api-reference">API reference</a></header>
<div class="layout">
<nav class="pages" aria-label="Documentation pages"><ol>${list}</ol></nav>
<main>
${page.html}
<nav class="pager" aria-label="Previous and next page"><span>${previous ? `<a href="${href(previous)}" rel="prev">← ${escapeHtml(previous.title)}</a>` : ''}</span><span>${next ? `<a href="${href(next)}" rel="next">${escapeHtml(next.title)} →</a>` : ''}</span></nav>
</main>
</div>
</body>
</html>
`;
}
