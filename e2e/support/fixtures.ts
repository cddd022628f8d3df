import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, PASSWORD } from './constants';

/** A unique suffix so tests running in parallel never collide on names. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Seeds data through the real API, signed in as the admin. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, username = ADMIN.username, password = ADMIN.password): Promise<Api> {
    const response = await request.post('/usermgr/v1/token/', { data: { username, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new Api(request, ((await response.json()) as { token: string }).token);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async get(path: string) {
    return this.request.get(path, { headers: this.headers });
  }

  /** A JSON POST as the admin, expected to answer `status`. */
  async post(path: string, data: unknown, status = 201) {
    const response = await this.request.post(path, { headers: this.headers, data });
    expect(response.status(), await response.text()).toBe(status);
    return response;
  }

  async createUser(username: string, flags: { is_staff?: boolean; is_superuser?: boolean } = {}): Promise<void> {
    const created = await this.request.post('/usermgr/v1/users/', { headers: this.headers, data: { username, password: PASSWORD } });
    expect(created.status(), await created.text()).toBe(201);
    if (flags.is_staff || flags.is_superuser) {
      const updated = await this.request.put(`/usermgr/v1/users/${username}/`, { headers: this.headers, data: flags });
      expect(updated.status(), await updated.text()).toBe(200);
    }
  }

  async createWorkspace(identifier: string, label = identifier): Promise<string> {
    const response = await this.request.post('/knowledge/v1/workspaces', {
      headers: this.headers,
      data: { data: { type: 'workspaces', attributes: { identifier, label } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  async setRoles(username: string, groups: Record<string, string[]>): Promise<void> {
    const response = await this.request.put(`/usermgr/v1/users/${username}/`, { headers: this.headers, data: { groups } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * Signs `page` in as `username` and opens `next` (the app root by default, where the login page
 * goes), showing the user in the navbar. The session is the one the login form gets: the form's
 * token call (POST /usermgr/v1/token/) made from the page's own request context, whose answer sets
 * the HttpOnly token cookie and the csrftoken in the browser. That spares each test the login
 * page's load and, with `next`, the home page's: most of what signing in cost (docs/testing.md
 * "Speed"). The form itself is tested by auth.spec.ts and `signInWithForm`.
 */
export async function signIn(page: Page, username: string, password = PASSWORD, next = '/asb/'): Promise<void> {
  const response = await page.request.post('/usermgr/v1/token/', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(next);
  // a test's first page loads the whole app into a browser with nothing cached, then restores the
  // session (three calls): more room than the default on a busy machine
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(username) })).toBeVisible({ timeout: 30_000 });
}

/** Signs in through the login page, as a user does; ends on the page the login page goes to. */
export async function signInWithForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/asb/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: new RegExp(username) })).toBeVisible();
  // the login page then forwards to its next page: wait for it, as a user would, before going on
  await expect(page).not.toHaveURL(/\/(cas:)?login(\?|$)/);
}

export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => {
    await use(await Api.signIn(request));
  },
  // every page must work under the server's Content-Security-Policy: a violation Chromium reports fails the test
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
  },
});

export { expect };
