// The Cloud API's webhook (no bearer token):
// - `GET /api/channels/whatsapp/webhook`: Meta's verification handshake; the challenge is echoed
//   when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN, else 403.
// - `POST /api/channels/whatsapp/webhook`: messages and statuses, signed X-Hub-Signature-256
//   over the raw body with the app secret (checked before parsing: missing 400, wrong 403,
//   malformed 400). A number no workspace has, or whose WhatsApp channel is switched off, is
//   answered 200 and ignored (Meta retries anything else for days).
import type { Services } from '../../../lib/context';
import { ApiError, validationError } from '../../../lib/errors';
import { MESSAGES } from '../../../lib/messages';
import { createRouter } from '../../../lib/router';
import { INTAKE_MESSAGES } from '../../../modules/conversations-intake/messages';
import { InboundAddressError } from '../../../modules/conversations-intake/service';
import { WhatsappIntake } from '../../../modules/conversations-intake/whatsapp';
import { keyMatches } from '../../routes';
import { HUB_SIGNATURE_HEADER, WHATSAPP_WEBHOOK_ROUTE } from './constants';
import { validHubSignature } from './signature';
import { parseWhatsappNotification } from './webhook';

export function whatsappRoutes(services: Services) {
  const whatsapp = new WhatsappIntake(services);
  const router = createRouter();
  const path = WHATSAPP_WEBHOOK_ROUTE.replace(/^\/api/, '');

  const settings = () => {
    const config = services.config.whatsapp;
    if (!config) throw new ApiError(404, 'not_found', INTAKE_MESSAGES.whatsappNotConnected);
    return config;
  };

  router.get(path, (c) => {
    const config = settings();
    const token = c.req.query('hub.verify_token');
    if (
      c.req.query('hub.mode') !== 'subscribe' ||
      !config.verifyToken ||
      !keyMatches(token, config.verifyToken)
    )
      throw new ApiError(403, 'forbidden', INTAKE_MESSAGES.verifyTokenWrong);
    const challenge = c.req.query('hub.challenge') ?? '';
    return c.body(challenge.slice(0, 1000), 200, { 'content-type': 'text/plain' });
  });

  router.post(path, async (c) => {
    const config = settings();
    const signature = c.req.header(HUB_SIGNATURE_HEADER);
    if (!signature)
      throw new ApiError(
        400,
        'signature_missing',
        INTAKE_MESSAGES.signatureMissing('X-Hub-Signature-256'),
      );
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!validHubSignature(config.appSecret, raw, signature))
      throw new ApiError(
        403,
        'signature_wrong',
        INTAKE_MESSAGES.signatureWrong('X-Hub-Signature-256'),
      );
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new ApiError(400, 'invalid_request', MESSAGES.invalidJson);
    }
    const parsed = parseWhatsappNotification(json);
    if (!parsed.success) throw validationError(parsed.error, 'json');
    for (const message of parsed.data.messages) {
      try {
        const outcome = await whatsapp.receive(message);
        if (outcome === 'channel-off' || outcome === 'unknown-number')
          c.var.log.info(
            { to: message.business.display, outcome },
            'inbound WhatsApp message not stored',
          );
      } catch (error) {
        if (!(error instanceof InboundAddressError)) throw error;
        c.var.log.warn({ reason: error.message }, 'inbound WhatsApp message not stored');
      }
    }
    for (const receipt of parsed.data.receipts) await whatsapp.status(receipt);
    return c.json({ received: true }, 200);
  });

  return router;
}
