interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  attributes: string[];
}

export interface Page {
  url: URL;
  response: Response;
  body: string;
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/');
}

function defaultPath(url: URL): string {
  const slash = url.pathname.lastIndexOf('/');
  return slash > 0 ? url.pathname.slice(0, slash) : '/';
}

/**
 * Just enough of a browser to drive redirect flows with fetch: a cookie jar that,
 * like a browser, scopes cookies by host name and path (not by port) and honours
 * expiry, and navigation that follows redirects one by one.
 */
export class Browser {
  private readonly cookies: StoredCookie[] = [];

  /** the stored cookie, with its Set-Cookie attributes (lowercased) */
  cookie(name: string): { value: string; attributes: string[] } | undefined {
    return this.cookies.find((c) => c.name === name);
  }

  private store(url: URL, header: string): void {
    const [pair = '', ...rawAttributes] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attributes = rawAttributes.map((a) => a.toLowerCase());
    const attribute = (key: string) => rawAttributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? defaultPath(url);
    const maxAge = attribute('max-age');
    const expires = attribute('expires');
    const isExpired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
    const index = this.cookies.findIndex((c) => c.name === name && c.host === url.hostname && c.path === path);
    if (index >= 0) this.cookies.splice(index, 1);
    if (!isExpired) this.cookies.push({ name, value, host: url.hostname, path, attributes });
  }

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter((c) => c.host === url.hostname && pathMatches(c.path, url.pathname))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request, without following redirects. */
  async fetch(target: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) this.store(url, header);
    return response;
  }

  /** GET, following redirects until a page answers or `stop(url)` says the next hop is where we wanted to be. */
  async navigate(target: string | URL, stop: (url: URL) => boolean = () => false): Promise<Page> {
    let url = new URL(target);
    for (let hops = 0; hops < 20; hops++) {
      const response = await this.fetch(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url, response, body: await response.text() };
      }
      await response.body?.cancel();
      url = new URL(location, url);
      if (stop(url)) return { url, response, body: '' };
    }
    throw new Error(`too many redirects at ${url.href}`);
  }

  /** Submits the page's form (the first one containing `marker`) with extra fields. */
  async submitForm(page: Page, fields: Record<string, string>, stop?: (url: URL) => boolean, marker = ''): Promise<Page> {
    const forms = [...page.body.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)];
    const form = forms.find((match) => match[0].includes(marker));
    if (!form?.[1]) throw new Error(`no form on ${page.url.href}:\n${page.body}`);
    const body = new URLSearchParams();
    for (const input of form[2]?.matchAll(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (name) body.set(name, /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const action = new URL(form[1].replace(/&amp;/g, '&'), page.url);
    const response = await this.fetch(action, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const location = response.headers.get('location');
    if (!location) return { url: action, response, body: await response.text() };
    await response.body?.cancel();
    const next = new URL(location, action);
    return stop?.(next) ? { url: next, response, body: '' } : this.navigate(next, stop);
  }
}
