/**
 * The brochure-requests area's public module: the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */

export { BrochureRequestLookupButton } from './BrochureRequestLookup';
