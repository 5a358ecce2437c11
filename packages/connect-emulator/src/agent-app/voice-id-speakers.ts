/**
 * The speakers of the simulated Voice ID domain (by customer speaker id): enrolled, opted out,
 * and the shape describeSpeaker answers with.
 */
import { randomUUID } from 'node:crypto';
import { toSeconds, type SpeakerStatus } from './voice-id-model';

/** A speaker of the domain. */
export interface Speaker {
  customerSpeakerId: string;
  generatedSpeakerId: string;
  status: SpeakerStatus;
  createdAt: number;
  updatedAt: number;
}

/** The speakers by customer speaker id; a speaker that is not there is NOT_ENROLLED. */
export class VoiceIdSpeakers extends Map<string, Speaker> {
  constructor(private readonly now: () => number) {
    super();
  }

  /** Gives the speaker `status`, creating it (with a generated id) if needed. */
  upsert(speakerId: string, status: SpeakerStatus): Speaker {
    const at = this.now();
    const existing = this.get(speakerId);
    if (existing) {
      existing.status = status;
      existing.updatedAt = at;
      return existing;
    }
    const speaker: Speaker = {
      customerSpeakerId: speakerId,
      generatedSpeakerId: `gs-${randomUUID().replace(/-/g, '').slice(0, 22)}`,
      status,
      createdAt: at,
      updatedAt: at,
    };
    this.set(speakerId, speaker);
    return speaker;
  }
}

/** A speaker as `VoiceId.describeSpeaker` answers it. */
export function speakerShape(speaker: Speaker, domainId: string): Record<string, unknown> {
  return {
    CustomerSpeakerId: speaker.customerSpeakerId,
    DomainId: domainId,
    GeneratedSpeakerId: speaker.generatedSpeakerId,
    Status: speaker.status,
    CreatedAt: toSeconds(speaker.createdAt),
    UpdatedAt: toSeconds(speaker.updatedAt),
  };
}
