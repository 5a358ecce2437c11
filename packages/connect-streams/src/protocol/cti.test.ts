import { describe, expect, it } from 'vitest';
import { STREAMS_PACKAGES, loadRealCtiModel } from '../../test/real-streams';
import { CLIENT_METHOD_OPERATIONS } from './client-methods';
import {
  CTI_OPERATIONS,
  CTI_OPERATIONS_WITHOUT_AUTHENTICATION,
  CTI_SERVICE,
  ctiOperationSchemas,
  ctiRequiresAuthentication,
  ctiTarget,
  parseCtiTarget,
} from './cti';

describe.each(STREAMS_PACKAGES)('CTI operations match the service model of %s', (pkg) => {
  const model = loadRealCtiModel(pkg);

  it('has the model metadata (AmazonConnectCTIService, JSON 1.0)', () => {
    expect(model.metadata.targetPrefix).toBe(CTI_SERVICE.targetPrefix);
    expect(model.metadata.jsonVersion).toBe(CTI_SERVICE.jsonVersion);
    expect(model.metadata.apiVersion).toBe(CTI_SERVICE.apiVersion);
  });

  it('defines exactly the 33 operations of the model', () => {
    expect(CTI_OPERATIONS).toHaveLength(33);
    expect([...CTI_OPERATIONS].sort()).toEqual(Object.keys(model.operations).sort());
  });

  it('carries authentication in the body exactly where the model requires it', () => {
    for (const op of CTI_OPERATIONS) {
      const required = model.operations[op]?.input.required ?? [];
      expect(ctiRequiresAuthentication(op), op).toBe(required.includes('authentication'));
    }
  });

  it('request schemas require every member the model requires', () => {
    for (const op of CTI_OPERATIONS) {
      const required = model.operations[op]?.input.required ?? [];
      const shape = ctiOperationSchemas[op].request.shape as Record<string, unknown>;
      for (const member of required)
        expect(Object.keys(shape), `${op}.${member}`).toContain(member);
      // An empty body fails whenever the model requires something.
      expect(ctiOperationSchemas[op].request.safeParse({}).success, op).toBe(required.length === 0);
    }
  });
});

describe('CTI request and response shapes', () => {
  it('the operations without authentication are the seven spec §6 names', () => {
    expect([...CTI_OPERATIONS_WITHOUT_AUTHENTICATION].sort()).toEqual([
      'ClearContact',
      'CompleteContact',
      'CreateTaskContact',
      'PauseContact',
      'RejectContact',
      'ResumeContact',
      'UpdateMonitorParticipantState',
    ]);
  });

  it('accepts the bodies the real worker sends (reference §3.3 examples)', () => {
    const authentication = { authToken: 't' };
    expect(
      ctiOperationSchemas.GetAgentSnapshot.request.safeParse({ timeout: 30000, authentication })
        .success,
    ).toBe(true);
    expect(
      ctiOperationSchemas.PutAgentState.request.safeParse({
        state: { agentStateARN: 'arn:s', type: 'not_routable', name: 'Lunch' },
        authentication,
      }).success,
    ).toBe(true);
    expect(
      ctiOperationSchemas.PutAgentState.request.safeParse({
        state: { type: 'bogus', name: 'Lunch' },
        authentication,
      }).success,
    ).toBe(false);
    expect(ctiOperationSchemas.RejectContact.request.safeParse({ contactId: 'c-1' }).success).toBe(
      true,
    );
  });

  it('parses a GetAgentSnapshot response with epoch-second timestamps and unknown members', () => {
    const parsed = ctiOperationSchemas.GetAgentSnapshot.response.parse({
      snapshot: {
        state: { agentStateARN: null, type: 'routable', name: 'Available', startTimestamp: 1 },
        contacts: [],
        snapshotTimestamp: '2026-01-01T00:00:00Z',
        futureField: 1,
      },
      nextToken: 'n-1',
    });
    expect(parsed.snapshot).toMatchObject({ futureField: 1 });
  });

  it('maps X-Amz-Target values to operations and back', () => {
    expect(ctiTarget('AcceptContact')).toBe('AmazonConnectCTIService.AcceptContact');
    expect(parseCtiTarget('AmazonConnectCTIService.GetAgentSnapshot')).toBe('GetAgentSnapshot');
    expect(parseCtiTarget('AmazonConnectCTIService.toString')).toBeUndefined();
    expect(parseCtiTarget('Other.GetAgentSnapshot')).toBeUndefined();
    expect(parseCtiTarget(undefined)).toBeUndefined();
  });

  it('maps client methods to CTI operations, leaving out the ones the model lacks', () => {
    expect(CLIENT_METHOD_OPERATIONS.acceptContact).toBe('AcceptContact');
    expect(CLIENT_METHOD_OPERATIONS.getEndpoints).toBe('GetEndpoints');
    expect(CLIENT_METHOD_OPERATIONS.transferContact).toBeUndefined();
    expect(CLIENT_METHOD_OPERATIONS.destroyContact).toBeUndefined();
  });
});
