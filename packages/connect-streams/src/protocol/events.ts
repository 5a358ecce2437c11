import { z } from 'zod';
import { EventType, MasterTopics } from './names';

/**
 * Validates one value of the `EventType` constant.
 * @public
 */
export const eventTypeSchema = z.enum(EventType);

/**
 * Validates one value of the `MasterTopics` constant.
 * @public
 */
export const masterTopicSchema = z.enum(MasterTopics);
