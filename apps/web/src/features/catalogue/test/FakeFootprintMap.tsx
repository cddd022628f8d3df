import type { FootprintMapProps } from '../browser/FootprintMap';

/**
 * Stands in for the OpenLayers map in jsdom (no canvas): it shows what the map would draw
 * (the search box, the footprints, the highlighted one) and draws a box or hovers a
 * footprint on a click. The e2e test drags on the real map.
 */
export function FakeFootprintMap({ bounds, onDraw, footprints, highlighted, onHover, onSelect }: FootprintMapProps) {
  return (
    <div data-testid="catalogue-map">
      <output aria-label="Search box">{bounds ? bounds.join(',') : 'none'}</output>
      <button type="button" onClick={() => onDraw([4.123456, 50.5, 5.25, 51.75])}>
        Draw a box
      </button>
      {footprints.map(({ id }) => (
        <button
          key={id}
          type="button"
          aria-label={`Footprint ${id}`}
          data-highlighted={id === highlighted}
          onMouseEnter={() => onHover(id)}
          onClick={() => onSelect(id)}
        >
          ▢
        </button>
      ))}
    </div>
  );
}
