// What the campaign route declarations share: their tags, the permit note and the 409 answer.
import { apiErrorSchema } from '../../contract/common';
import { json } from '../../lib/router';

export const tags = ['Campaigns'];
export const templateTags = ['Campaign templates'];
export const PERMIT = 'Needs the campaigns permit (flag_campaigns); admins pass.';
/** The answer when the resource's state forbids the change (`error` names the rule). */
export const CONFLICT = { 409: json(apiErrorSchema, 'Not allowed in the current state') };
