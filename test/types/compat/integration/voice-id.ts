// A TypeScript integration typed against amazon-connect-streams 2.18.7: the Voice ID methods of a
// voice connection. See core.ts.

interface EvaluateResult {
  readonly decision: string;
}

export async function authenticate(contact: connect.Contact): Promise<EvaluateResult> {
  const connection = contact.getAgentConnection() as connect.VoiceConnection;
  const speaker: { speakerId?: string } = await connection.getVoiceIdSpeakerId();
  console.log(speaker.speakerId, await connection.getVoiceIdSpeakerStatus());
  const result = await connection.evaluateSpeakerWithVoiceId(true);
  const decision: string = result.AuthenticationResult.Decision;
  await connection.enrollSpeakerInVoiceId((session: unknown) => console.log(session));
  await connection.updateVoiceIdSpeakerId('speaker-1');
  await connection.optOutVoiceIdSpeaker();
  await connection.deleteVoiceIdSpeakerId();
  return { decision };
}
