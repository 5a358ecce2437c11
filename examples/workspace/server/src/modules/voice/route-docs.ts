// What the voice add-on's route declarations share: their tag, the path they live under, and
// the notes on the plan gate, the live-calls permit and the caller's own call.
export const tags = ['Voice'];
export const base = '/ws/{slug}/addons/voice';
export const GATE =
  'Needs the planVoice flag (403 voice_plan_required) and a contact-centre instance with status CREATED (409 voice_instance_not_created, "Voice instance is not created").';
export const LIVE_PERMIT = 'Needs the live-calls permit (flag_addons_voice_live_calls) or admin.';
export const OWN_CALL =
  "The contact centre must confirm the call (DescribeContact): 404 call_not_found for a contact it does not know, 403 call_not_yours when its agent is not the caller's linked contact-centre user, 403 no_voice_agent for a member without one.";
