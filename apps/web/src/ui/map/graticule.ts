import Graticule from 'ol/layer/Graticule';
import Stroke from 'ol/style/Stroke';

/** The portal's maps draw a graticule in place of a base map: no outside tile server is reached. */
export function graticuleLayer(): Graticule {
  return new Graticule({ strokeStyle: new Stroke({ color: 'rgba(0,0,0,0.25)', width: 1, lineDash: [2, 4] }), showLabels: true, wrapX: false });
}
