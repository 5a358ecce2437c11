// Who may use the voice add-on and a call: the plan and the instance, the caller's contact-centre
// user, and calls the contact centre confirms (records are made only for calls it knows).
import type { Contact } from '@aws-sdk/client-connect';
import type { InstanceRef } from '../../integrations/contact-centre';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { holds } from '../session/service';

/** Voice features need the planVoice flag and an instance with status CREATED. */
export function requireVoice(access: WorkspaceAccess): InstanceRef {
  const ws = access.workspace;
  if (!ws.plan_voice) throw new ApiError(403, 'voice_plan_required', MESSAGES.voicePlanRequired);
  if (ws.connect_instance_status !== 'CREATED' || !ws.connect_instance_id)
    throw new ApiError(409, 'voice_instance_not_created', MESSAGES.voiceInstanceNotCreated);
  return { instanceId: ws.connect_instance_id, region: ws.connect_region };
}

/** Whether the caller may read a call (its recording and transcript). */
export function canSeeCall(
  access: WorkspaceAccess,
  call: { agent_id: string | null; assignee_agent_id: string | null },
): boolean {
  if (holds(access, 'flag_inbox_shared')) return true;
  const me = access.agent?.id;
  return me !== undefined && (call.agent_id === me || call.assignee_agent_id === me);
}

/**
 * A call the browser names, as the contact centre describes it (DescribeContact): records are
 * made only for contacts it knows (404 call_not_found otherwise).
 */
export async function confirmedCall(
  services: Services,
  instance: InstanceRef,
  idCommunication: string,
): Promise<Contact> {
  const contact = await services.contactCentre.findContact(instance, idCommunication);
  if (!contact) throw new ApiError(404, 'call_not_found', MESSAGES.callNotFound);
  return contact;
}

/** The caller's contact-centre user (403 no_voice_agent for a member without one). */
export function voiceUser(access: WorkspaceAccess): string {
  const userId = access.agent?.connect_user_id;
  if (!userId) throw new ApiError(403, 'no_voice_agent', MESSAGES.noVoiceAgent);
  return userId;
}

/**
 * A call of the caller's own: the contact centre knows it and gives it to the caller's
 * contact-centre agent (403 call_not_yours when it is another agent's).
 */
export async function ownCall(
  services: Services,
  access: WorkspaceAccess,
  instance: InstanceRef,
  idCommunication: string,
): Promise<Contact> {
  const userId = voiceUser(access);
  const contact = await confirmedCall(services, instance, idCommunication);
  if (contact.AgentInfo?.Id !== userId)
    throw new ApiError(403, 'call_not_yours', MESSAGES.callNotYours);
  return contact;
}
