import type { StacItem } from './stac.js';

/**
 * The ONNX asset of a model item: the role mlm:model (or the key 'model'), an .onnx file or an
 * ONNX media type. A model without one can be neither executed nor served (docs/models.md).
 */
export function onnxAsset(item: Pick<StacItem, 'assets'>): string | undefined {
  const assets = Object.entries(item.assets ?? {});
  const isOnnx = ([, asset]: (typeof assets)[number]) => /\.onnx(?:$|[?#])/i.test(asset.href) || /onnx/i.test(asset.type ?? '');
  const found =
    assets.find((entry) => isOnnx(entry) && (entry[1].roles ?? []).includes('mlm:model')) ??
    assets.find((entry) => isOnnx(entry) && entry[0] === 'model') ??
    assets.find(isOnnx);
  return found?.[1].href;
}
