// The CTI operations the instance answers alone for the calling agent: reads of its
// configuration, permissions, states, dialable countries, queues and endpoints (paged), and
// changes of its state and configuration, its contacts (accept, reject, clear, tasks, outbound
// calls) and their connections (hold, resume, digits, conference, mute, pause, monitoring). The
// request bodies are already validated and authorised by the service.
import type { CtiOperation, CtiRequest } from '@x/connect-streams/protocol';
import { CtiErrorType } from '@x/connect-streams/protocol';
import type { AgentRecord, ContactCentre } from '../domain/contact-centre';
import { CtiError } from './errors';
import { page } from './paging';

/** The answer of {@link runCentreOperation} for an operation that is not one of these. */
export const NOT_A_CENTRE_OPERATION = Symbol('not a centre operation');

/** Runs one operation the instance answers alone; {@link NOT_A_CENTRE_OPERATION} for the others. */
export function runCentreOperation(
  centre: ContactCentre,
  op: CtiOperation,
  agent: AgentRecord,
  body: unknown,
): unknown {
  switch (op) {
    case 'GetAgentConfiguration':
      return { configuration: centre.configuration(agent) };
    case 'GetAgentPermissions': {
      const req = body as CtiRequest<'GetAgentPermissions'>;
      const p = page(agent.permissions, req.nextToken, req.maxResults);
      return { permissions: p.items, nextToken: p.nextToken };
    }
    case 'GetAgentStates': {
      const req = body as CtiRequest<'GetAgentStates'>;
      const p = page(centre.agentStateDefinitions(), req.nextToken, req.maxResults);
      return { states: p.items, nextToken: p.nextToken };
    }
    case 'GetDialableCountryCodes': {
      const req = body as CtiRequest<'GetDialableCountryCodes'>;
      const p = page(centre.dialableCountries, req.nextToken, req.maxResults);
      return { countryCodes: p.items, nextToken: p.nextToken };
    }
    case 'GetRoutingProfileQueues': {
      const req = body as CtiRequest<'GetRoutingProfileQueues'>;
      if (req.routingProfileARN !== agent.routingProfile.arn)
        throw new CtiError(
          CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
          `Routing profile ${req.routingProfileARN} not found.`,
        );
      const p = page(centre.routingProfileQueues(agent), req.nextToken, req.maxResults);
      return { queues: p.items, nextToken: p.nextToken };
    }
    case 'GetEndpoints': {
      const req = body as CtiRequest<'GetEndpoints'>;
      const p = page(centre.endpointsFor(agent, req.queueARNs), req.nextToken, req.maxResults);
      return { endpoints: p.items, nextToken: p.nextToken };
    }
    case 'PutAgentState': {
      const req = body as CtiRequest<'PutAgentState'>;
      centre.putAgentState(agent, req.state, req.enqueueNextState ?? false);
      return {};
    }
    case 'UpdateAgentConfiguration':
      centre.updateAgentConfiguration(
        agent,
        (body as CtiRequest<'UpdateAgentConfiguration'>).configuration,
      );
      return {};
    case 'AcceptContact':
      centre.acceptContact(agent, (body as CtiRequest<'AcceptContact'>).contactId);
      return {};
    case 'RejectContact':
      centre.rejectContact(agent, (body as CtiRequest<'RejectContact'>).contactId);
      return {};
    case 'ClearContact':
      centre.clearContact(agent, (body as CtiRequest<'ClearContact'>).contactId);
      return {};
    case 'CompleteContact':
      centre.clearContact(agent, (body as CtiRequest<'CompleteContact'>).contactId);
      return {};
    case 'DestroyConnection': {
      const req = body as CtiRequest<'DestroyConnection'>;
      centre.destroyConnection(agent, req.contactId, req.connectionId);
      return {};
    }
    case 'HoldConnection': {
      const req = body as CtiRequest<'HoldConnection'>;
      centre.holdConnection(agent, req.contactId, req.connectionId);
      return {};
    }
    case 'ResumeConnection': {
      const req = body as CtiRequest<'ResumeConnection'>;
      centre.resumeConnection(agent, req.contactId, req.connectionId);
      return {};
    }
    case 'SendDigits': {
      const req = body as CtiRequest<'SendDigits'>;
      centre.sendDigits(agent, req.contactId, req.connectionId, req.digits);
      return {};
    }
    case 'CreateAdditionalConnection': {
      const req = body as CtiRequest<'CreateAdditionalConnection'>;
      centre.createAdditionalConnection(agent, req.contactId, req.endpoint);
      return {};
    }
    case 'ToggleActiveConnections':
      centre.toggleActiveConnections(
        agent,
        (body as CtiRequest<'ToggleActiveConnections'>).contactId,
      );
      return {};
    case 'ConferenceConnections':
      centre.conferenceConnections(agent, (body as CtiRequest<'ConferenceConnections'>).contactId);
      return {};
    case 'MuteParticipant':
    case 'UnmuteParticipant': {
      const req = body as CtiRequest<'MuteParticipant'>;
      centre.muteParticipant(agent, req.contactId, req.connectionId, op === 'MuteParticipant');
      return {};
    }
    case 'PauseContact':
    case 'ResumeContact':
      centre.pauseContact(
        agent,
        (body as CtiRequest<'PauseContact'>).contactId,
        op === 'PauseContact',
      );
      return {};
    case 'UpdateMonitorParticipantState': {
      const req = body as CtiRequest<'UpdateMonitorParticipantState'>;
      centre.updateMonitorParticipantState(agent, req.contactId, req.targetMonitorMode);
      return {};
    }
    case 'CreateTaskContact': {
      const req = body as CtiRequest<'CreateTaskContact'>;
      const task = centre.createTaskContact(agent, req);
      return { contactId: task.id };
    }
    case 'CreateOutboundContact': {
      const req = body as CtiRequest<'CreateOutboundContact'>;
      centre.createOutboundContact(agent, req.endpoint, req.queueARN);
      return {};
    }
    default:
      return NOT_A_CENTRE_OPERATION;
  }
}
