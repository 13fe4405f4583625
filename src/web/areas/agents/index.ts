/**
 * The agents area's public module: the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */

export { AgentForm } from './AgentForm';
