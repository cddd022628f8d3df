import type { Locator, Page } from '@playwright/test';

/** /executions/{id}/report (spec 1 §2 Execution report) as a user reads it. */
export class ReportPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Execution Report', level: 2 });
  }

  get identifier(): Locator {
    return this.page.getByTestId('execution-identifier');
  }

  get graph(): Locator {
    return this.page.getByTestId('task-graph');
  }

  graphNode(taskId: string): Locator {
    return this.graph.locator(`[data-task-node="${taskId}"]`);
  }

  get timeline(): Locator {
    return this.page.getByTestId('task-timeline');
  }

  table(name: 'Summary' | 'Inputs' | 'Outputs' | 'Tasks'): Locator {
    return this.page.getByRole('table', { name, exact: true });
  }

  output(taskId: string, key: string): Locator {
    return this.table('Outputs').locator(`tr[data-output="${taskId}.${key}"]`);
  }

  /**
   * The edges of the graph that come within `margin` px of a task other than their two ends, as a
   * person sees it: each drawn path sampled every few pixels on the screen, against the tasks' boxes.
   */
  async edgesTouchingOtherTasks(margin = 4): Promise<string[]> {
    return this.graph.evaluate((graph, margin) => {
      const boxes = new Map([...graph.querySelectorAll<HTMLElement>('[data-task-node]')].map((node) => [node.dataset.taskNode!, node.getBoundingClientRect()]));
      const touching: string[] = [];
      for (const edge of graph.querySelectorAll<SVGGElement>('.react-flow__edge')) {
        const id = edge.dataset.id ?? '';
        const [source, target] = id.split('->');
        const path = edge.querySelector<SVGPathElement>('path.react-flow__edge-path')!;
        const matrix = path.getScreenCTM()!;
        const length = path.getTotalLength();
        for (let along = 0; along <= length; along += 2) {
          const point = new DOMPoint(path.getPointAtLength(along).x, path.getPointAtLength(along).y).matrixTransform(matrix);
          const hit = [...boxes].find(
            ([task, box]) =>
              task !== source &&
              task !== target &&
              point.x > box.left - margin &&
              point.x < box.right + margin &&
              point.y > box.top - margin &&
              point.y < box.bottom + margin,
          );
          if (hit) {
            touching.push(`${id} at ${hit[0]}`);
            break;
          }
        }
      }
      return touching;
    }, margin);
  }

  async chooseLayout(label: 'Left to Right' | 'Top to Bottom'): Promise<void> {
    await this.page.getByText(label, { exact: true }).click();
  }

  get map(): Locator {
    return this.page.getByTestId('map-preview');
  }

  /**
   * The share of drawn (not transparent) pixels of the raster layer's canvas (its own, class
   * `raster-layer`, above the base map's): the raster fills much of its view.
   */
  async mapCoverage(): Promise<number> {
    return this.map.evaluate((element) => {
      let best = 0;
      for (const canvas of element.querySelectorAll<HTMLCanvasElement>('.raster-layer canvas')) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let drawn = 0;
        const pixels = new Set<number>();
        for (let index = 3; index < data.length; index += 4) {
          if (data[index]! > 0) {
            drawn++;
            if (pixels.size < 64) pixels.add(data[index - 3]!);
          }
        }
        // a raster has many grey levels; a graticule's lines have one
        if (pixels.size > 8) best = Math.max(best, drawn / (canvas.width * canvas.height));
      }
      return best;
    });
  }
}
