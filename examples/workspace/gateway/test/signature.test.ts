import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hubSignature256, twilioSignature } from '../src/signature';

// The vectors of twilio-node's validation spec and the WhatsApp Node SDK.
describe('webhook signatures', () => {
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  };

  it('signs the URL and the sorted POST parameters as X-Twilio-Signature does', () => {
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
    expect(
      twilioSignature('12345', 'http://mycompany.com:1234/myapp.php?foo=1&bar=2', params),
    ).toBe('Zmvh+3yNM1Phv2jhDCwEM3q5ebU=');
  });

  it('signs the URL alone for a JSON body carried as bodySHA256', () => {
    const body = '{"property": "value", "boolean": true}';
    const sha = createHash('sha256').update(body).digest('hex');
    expect(sha).toBe('0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620');
    expect(
      twilioSignature('12345', `https://mycompany.com/myapp.php?foo=1&bar=2&bodySHA256=${sha}`),
    ).toBe('a9nBmqA0ju/hNViExpshrM61xv4=');
  });

  it('appends an array parameter deduplicated and sorted, each value under its name', () => {
    expect(twilioSignature('t', 'https://x.test/', { MediaUrl: ['b', 'a', 'b'] })).toBe(
      twilioSignature('t', 'https://x.test/', { MediaUrl: ['a', 'b'] }),
    );
    expect(twilioSignature('t', 'https://x.test/', { MediaUrl: ['a', 'b'] })).not.toBe(
      twilioSignature('t', 'https://x.test/', { MediaUrl: ['a'] }),
    );
  });

  it('signs the raw body as X-Hub-Signature-256 does', () => {
    expect(
      hubSignature256('test_app_secret', '{"object":"whatsapp_business_account","entry":[]}'),
    ).toBe('sha256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756');
  });
});
