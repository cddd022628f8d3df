import { describe, expect, it } from 'vitest';
import { isPresetActive, resolvePreset, togglePreset } from './list-query';

describe('filter presets', () => {
  it('replaces a filter of the same name and keeps the free text', () => {
    expect(togglePreset('isArchived:false lake', 'isArchived:true')).toBe('isArchived:true lake');
  });

  it('removes an active preset', () => {
    expect(isPresetActive('ownerId:alice isArchived:false', 'isArchived:false')).toBe(true);
    expect(togglePreset('ownerId:alice isArchived:false', 'isArchived:false')).toBe('ownerId:alice');
  });

  it('puts the signed-in username into ownership presets', () => {
    expect(resolvePreset('ownerId:{username}', 'alice')).toBe('ownerId:alice');
  });
});
