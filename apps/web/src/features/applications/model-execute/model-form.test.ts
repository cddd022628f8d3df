import type { ModelInputField } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { modelExecutionRequest, modelFieldError, shapeText } from './model-form';

const scene: ModelInputField = { name: 'bands', label: 'Scene', doc: '', kind: 'image', shape: [-1, 4, -1, -1] };
const weights: ModelInputField = { name: 'weights', label: 'Weights', doc: '', kind: 'numbers', shape: [3] };

describe('the model execute form (spec 3 §5 Model inputs)', () => {
  it('asks for a GeoTIFF or PNG of at most 20 MB for an image input, and numbers for the others', () => {
    expect(modelFieldError(scene, null)).toBe('Choose a GeoTIFF or PNG file');
    expect(modelFieldError(scene, new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('The file must be a GeoTIFF (.tif) or a PNG (.png)');
    expect(modelFieldError(scene, new File(['x'], 'scene.tif'))).toBeUndefined();
    expect(modelFieldError(scene, new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.png'))).toBe('The file is larger than 20 MB');
    expect(modelFieldError(weights, '1, two')).toBe('Item 2 ("two") is not a number');
    expect(modelFieldError(weights, '1, 2, 3')).toBeUndefined();
    expect(shapeText(scene.shape)).toBe('any × 4 × any × any');
  });

  it('sends each file in base64 with its type and name, each numbers input as numbers; FP32, content type "pd"', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chip.png', { type: 'image/png' });
    const request = await modelExecutionRequest('demo-models', 'demo-land-cover', [scene, weights], { bands: file, weights: ' 0.5, 1,2 ' });
    expect(request).toEqual({
      identifier: 'demo-land-cover',
      collection: 'demo-models',
      inputs: {
        parameters: { content_type: 'pd' },
        inputs: [
          { name: 'bands', datatype: 'FP32', data: 'iVBORw==', file_type: 'image/png', file_name: 'chip.png', parameters: { content_type: 'pd' } },
          { name: 'weights', datatype: 'FP32', shape: [3], data: [0.5, 1, 2], parameters: { content_type: 'pd' } },
        ],
      },
    });
  });
});
