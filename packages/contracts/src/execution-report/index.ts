/**
 * The execution report's display rules (spec 1 §2 "Execution report", §3 Execution, §4
 * task colours), shared by the web report page and the server's PDF so that both show
 * the same values: pure functions of the execution's attributes (docs/execution-report.md).
 */
export * from './report-dates.js';
export * from './task-state-display.js';
export * from './report-results.js';
export * from './summary-rows.js';
export * from './task-rows.js';
export * from './task-graph.js';
export * from './input-rows.js';
export * from './output-rows.js';
export * from './failure-text.js';
