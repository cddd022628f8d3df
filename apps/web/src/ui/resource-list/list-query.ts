import { formatFilterText, parseFilterText } from '@asb/contracts';
import type { ListParams } from './types';

/** Turns the filter box text into the list parameters (spec 1 §5 filter syntax). */
export function listParamsOf(filterText: string, page: number, pageSize: number, sort?: string): ListParams {
  const { search, filters } = parseFilterText(filterText);
  return { page, pageSize, sort, search, filters };
}

/** `{username}` in a preset stands for the signed-in user (spec 2 §6: ownership filters use the current username). */
export function resolvePreset(text: string, username: string | undefined): string {
  return text.replaceAll('{username}', username ?? '');
}

/** Normalised form used to compare two filter texts regardless of token order. */
export function normaliseFilterText(text: string): string {
  return text.trim().split(/\s+/).filter(Boolean).sort().join(' ');
}

/** True when every token of the preset is in the filter text. */
export function isPresetActive(filterText: string, presetText: string): boolean {
  const tokens = new Set(filterText.trim().split(/\s+/));
  return presetText
    .trim()
    .split(/\s+/)
    .every((token) => tokens.has(token));
}

/**
 * Applies a preset to the filter text: its name:value tokens replace those with
 * the same name (so 'Hide archived' replaces 'Show archived only'); applying an
 * active preset removes it.
 */
export function togglePreset(filterText: string, presetText: string): string {
  const current = parseFilterText(filterText);
  const preset = parseFilterText(presetText);
  const filters = { ...current.filters };
  if (isPresetActive(filterText, presetText)) {
    for (const name of Object.keys(preset.filters)) delete filters[name];
  } else {
    Object.assign(filters, preset.filters);
  }
  return formatFilterText({ search: current.search, filters });
}
