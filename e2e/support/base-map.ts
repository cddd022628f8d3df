import type { Locator } from '@playwright/test';

/** The base map's land colour (apps/web/src/ui/map/base-map-style.ts BASE_MAP_COLORS.land, #f7f5ef). */
const LAND = [0xf7, 0xf5, 0xef] as const;

/**
 * The share of a map's pixels painted in the land's colour, on the canvas that holds most of
 * it: 0 on a blank graticule, a large share where a map shows Europe.
 */
export async function landShare(map: Locator): Promise<number> {
  return map.evaluate((element, land) => {
    let best = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let index = 0; index < data.length; index += 4) {
        if (data[index] === land[0] && data[index + 1] === land[1] && data[index + 2] === land[2] && data[index + 3] === 255) painted++;
      }
      best = Math.max(best, painted / (canvas.width * canvas.height));
    }
    return best;
  }, LAND);
}
