import type { LiveEvent } from '../live/event-bus.js';

/** What the HTTP processes of one machine and their primary say to each other (http-processes.ts). */
export interface LiveMessage {
  type: 'asb:live';
  event: LiveEvent;
}

/** A process asks the primary for the metrics of all processes (GET /metrics). */
export interface MetricsRequest {
  type: 'asb:metrics';
  id: number;
}

export interface MetricsAnswer {
  type: 'asb:metrics-answer';
  id: number;
  text?: string;
  error?: string;
}

const hasType = (message: unknown, type: string): boolean => typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

export const isLiveMessage = (message: unknown): message is LiveMessage => hasType(message, 'asb:live');
export const isMetricsRequest = (message: unknown): message is MetricsRequest => hasType(message, 'asb:metrics');
export const isMetricsAnswer = (message: unknown): message is MetricsAnswer => hasType(message, 'asb:metrics-answer');
