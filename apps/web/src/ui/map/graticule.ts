import Graticule from 'ol/layer/Graticule';
import Stroke from 'ol/style/Stroke';

/** Lines of latitude and longitude over the base map's land (base-map.ts), labelled, faint. */
export function graticuleLayer(): Graticule {
  return new Graticule({ strokeStyle: new Stroke({ color: 'rgba(0,0,0,0.18)', width: 1, lineDash: [2, 4] }), showLabels: true, wrapX: false });
}
