import { Modal } from '@mantine/core';
import { RasterPreviewMap } from '../../../ui/map/RasterPreviewMap';

/** A GeoTIFF output on a map (the execution report's preview, through the /cog tile service), in a modal. */
export function GeoTiffPreviewModal({ url, title, onClose }: { url: string; title: string; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title={`Preview of ${title}`} size="80%">
      <RasterPreviewMap url={url} height={600} />
    </Modal>
  );
}
