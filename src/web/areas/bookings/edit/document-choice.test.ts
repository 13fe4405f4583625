import { describe, expect, it } from 'vitest';
import { planDocuments } from './document-choice';

const booking = (over: Partial<Parameters<typeof planDocuments>[0]> = {}) => ({
  customer_id: 1 as number | null,
  agent_id: null as number | null,
  passengers: [{}],
  ...over,
});

describe('planDocuments (spec 1 §5 Documents and email)', () => {
  it("'download or print needs at least one document type, else warning 'Select a document type first!'", () => {
    expect(planDocuments(booking(), [])).toEqual({ refusal: 'Select a document type first!', docs: [] });
  });

  it("needs an agent or customer: 'This booking does not have any agent or customer. Plese select anyone.'", () => {
    expect(planDocuments(booking({ customer_id: null }), ['invoice']).refusal).toBe(
      'This booking does not have any agent or customer. Plese select anyone.',
    );
  });

  it("'the agent invoice needs an agent: 'Please select an agent for agent invoice''", () => {
    expect(planDocuments(booking(), ['invoice', 'agent-invoice']).refusal).toBe(
      'Please select an agent for agent invoice',
    );
    expect(planDocuments(booking({ agent_id: 3 }), ['agent-invoice', 'invoice']).docs).toEqual([
      'invoice',
      'agent-invoice',
    ]);
  });

  it("'with no passengers, the confirmation and travel itinerary documents are not generated and a warning lists them'", () => {
    const plan = planDocuments(booking({ passengers: [] }), ['airline', 'invoice', 'airline-checkin']);
    expect(plan.docs).toEqual(['airline-checkin']);
    expect(plan.warning).toBe(
      'This booking has no passengers, so the Confirmation and Travel Itinerary are not generated. Add the passengers first.',
    );
    expect(planDocuments(booking({ passengers: [] }), ['invoice'])).toMatchObject({ docs: [] });
  });
});
