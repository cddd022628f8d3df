import { expect, type Locator, type Page } from '@playwright/test';

/** The catalogue browser (spec 1 §2): on /products, or in the execute form's 'Choose a product' dialog (`scope`). */
export class CatalogueBrowser {
  constructor(
    readonly page: Page,
    private readonly scope: Page | Locator = page,
  ) {}

  async open(): Promise<void> {
    await this.page.goto('/asb/products');
    await expect(this.page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  }

  get map(): Locator {
    return this.scope.getByTestId('catalogue-map');
  }

  field(name: 'West' | 'South' | 'East' | 'North'): Locator {
    return this.scope.getByRole('textbox', { name, exact: true });
  }

  get searchButton(): Locator {
    return this.scope.getByRole('button', { name: 'Search', exact: true });
  }

  get summary(): Locator {
    return this.scope.getByTestId('results-summary');
  }

  get results(): Locator {
    return this.scope.getByRole('table', { name: 'Products' });
  }

  row(itemId: string): Locator {
    return this.results.getByRole('row').filter({ hasText: itemId });
  }

  button(name: 'Previous' | 'Next' | 'Preview on a map'): Locator {
    return this.scope.getByRole('button', { name, exact: true });
  }

  /** Drags on the map from one point to another, given as fractions of its width and height: the box a user draws. */
  async drawBox(from: [number, number], to: [number, number]): Promise<void> {
    await expect(this.map.locator('canvas').first()).toBeVisible();
    const box = (await this.map.boundingBox())!;
    const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
    await this.page.mouse.move(...at(from));
    await this.page.mouse.down();
    await this.page.mouse.move(...at([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]), { steps: 5 });
    await this.page.mouse.move(...at(to), { steps: 5 });
    await this.page.mouse.up();
  }

  async setMaxResults(value: number): Promise<void> {
    const input = this.scope.getByRole('textbox', { name: 'Max results' });
    await input.fill(String(value));
    await input.blur();
  }
}
