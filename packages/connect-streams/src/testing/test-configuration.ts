// The default agent configuration of a test instance: one agent with three states, a basic
// routing profile and queue, on a fixed instance ARN.
import type { AgentConfiguration } from '../wire';

const INSTANCE_ID = '11111111-2222-3333-4444-555555555555';
const ACCOUNT_ID = '123456789012';
const ARN = `arn:aws:connect:us-west-2:${ACCOUNT_ID}:instance/${INSTANCE_ID}`;

/** The default agent configuration of a {@link TestInstance}. @public */
export function defaultTestConfiguration(): AgentConfiguration {
  const queue = {
    queueARN: `${ARN}/queue/basic`,
    name: 'BasicQueue',
    queueId: `${ARN}/queue/basic`,
  };
  return {
    name: 'Test Agent',
    username: 'test.agent',
    agentARN: `${ARN}/agent/test-agent`,
    extension: '+15555550100',
    softphoneEnabled: true,
    softphoneAutoAccept: false,
    agentPreferences: { LANGUAGE: 'en_US' },
    permissions: ['outboundCall'],
    dialableCountries: ['us'],
    agentStates: [
      { agentStateARN: `${ARN}/agent-state/available`, type: 'routable', name: 'Available' },
      { agentStateARN: `${ARN}/agent-state/offline`, type: 'offline', name: 'Offline' },
      { agentStateARN: `${ARN}/agent-state/lunch`, type: 'not_routable', name: 'Lunch' },
    ],
    routingProfile: {
      name: 'Basic',
      routingProfileARN: `${ARN}/routing-profile/basic`,
      routingProfileId: `${ARN}/routing-profile/basic`,
      defaultOutboundQueue: queue,
      queues: [queue],
      channelConcurrencyMap: { VOICE: 1, CHAT: 2, TASK: 3 },
    },
  };
}
