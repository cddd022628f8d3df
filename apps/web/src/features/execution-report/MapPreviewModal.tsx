import { Modal } from '@mantine/core';
import { RasterPreviewMap } from '../../ui/map/RasterPreviewMap';

/** Spec 1 §2: the map modal is 600 px high. */
const MAP_HEIGHT = 600;

export interface PreviewTarget {
  /** the output's file URL (/builder/v1/executions/{id}/files/...) */
  url: string;
  title: string;
}

/** Preview on a map of a GeoTIFF output (spec 1 §2), in a modal. */
export function MapPreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose(): void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? `Preview of ${target.title}` : ''} size="80%">
      {target && <RasterPreviewMap url={target.url} height={MAP_HEIGHT} />}
    </Modal>
  );
}
