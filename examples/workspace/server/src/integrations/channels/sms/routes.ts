// Twilio's webhooks (no bearer token; X-Twilio-Signature instead, checked over the public URL,
// path and query with the auth token before anything is stored):
// - `POST /api/channels/twilio/inbound`: a customer's SMS → the intake; answers empty TwiML.
//   A number no workspace has, or whose SMS channel is switched off, is answered the same way
//   (200 + empty TwiML) and nothing is stored: a 4xx/5xx would only make Twilio log an error
//   and call the number's fallback URL.
// - `POST /api/channels/twilio/status?m=<message id>`: a status callback → the message's state.
// A missing signature answers 400, a wrong one 403, a malformed form 400; never a 5xx for input.
import type { Context } from 'hono';
import type { Services } from '../../../lib/context';
import { ApiError, validationError } from '../../../lib/errors';
import { createRouter } from '../../../lib/router';
import { INTAKE_MESSAGES } from '../../../modules/conversations-intake/messages';
import { InboundAddressError } from '../../../modules/conversations-intake/service';
import { SmsIntake } from '../../../modules/conversations-intake/sms';
import { calledUrl } from '../webhook-url';
import { EMPTY_TWIML, TWILIO_ROUTES, TWILIO_SIGNATURE_HEADER } from './constants';
import { validTwilioSignature } from './signature';
import { parseInboundSms, parseSmsStatus } from './webhook';

const twiml = (c: Context) => c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml' });

export function twilioRoutes(services: Services) {
  const sms = new SmsIntake(services);
  const router = createRouter();

  /** The signed form of a webhook request (throws 404/400/403). */
  const signedForm = async (c: Context): Promise<URLSearchParams> => {
    const twilio = services.config.twilio;
    if (!twilio) throw new ApiError(404, 'not_found', INTAKE_MESSAGES.smsNotConnected);
    const signature = c.req.header(TWILIO_SIGNATURE_HEADER);
    if (!signature)
      throw new ApiError(
        400,
        'signature_missing',
        INTAKE_MESSAGES.signatureMissing('X-Twilio-Signature'),
      );
    const params = new URLSearchParams(await c.req.text());
    if (!validTwilioSignature(twilio.authToken, calledUrl(services, c), params, signature))
      throw new ApiError(
        403,
        'signature_wrong',
        INTAKE_MESSAGES.signatureWrong('X-Twilio-Signature'),
      );
    if (params.get('AccountSid') !== twilio.accountSid && params.has('AccountSid'))
      throw new ApiError(403, 'wrong_account', INTAKE_MESSAGES.wrongAccount);
    return params;
  };

  router.post(TWILIO_ROUTES.inbound.replace(/^\/api/, ''), async (c) => {
    const params = await signedForm(c);
    const parsed = parseInboundSms(params);
    if (!parsed.success) throw validationError(parsed.error, 'form');
    try {
      const outcome = await sms.receive(parsed.data);
      if (outcome === 'channel-off' || outcome === 'unknown-number')
        c.var.log.info({ to: parsed.data.to, outcome }, 'inbound SMS not stored');
    } catch (error) {
      if (error instanceof InboundAddressError)
        throw new ApiError(400, 'invalid_request', error.message, [
          { path: 'form.From', message: error.message },
        ]);
      throw error;
    }
    return twiml(c);
  });

  router.post(TWILIO_ROUTES.status.replace(/^\/api/, ''), async (c) => {
    const params = await signedForm(c);
    const parsed = parseSmsStatus(params);
    if (!parsed.success) throw validationError(parsed.error, 'form');
    const messageId = c.req.query('m');
    if (parsed.data.receipt)
      await sms.status(
        parsed.data.receipt,
        messageId && messageId.length <= 64 ? messageId : undefined,
      );
    return c.body(null, 204);
  });

  return router;
}
