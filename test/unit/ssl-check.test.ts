import { describe, expect, it } from 'vitest';
import { isSslCheck } from '../../src/slack/slack-envelope.js';

const FORM = 'application/x-www-form-urlencoded';
const check = (body: string, type = FORM) => isSslCheck(type, Buffer.from(body));

describe('isSslCheck (answered before the signature, as Bolt does)', () => {
  it("finds Slack's check wherever its field is, also with an encoded name", () => {
    expect(check('ssl_check=1&token=x')).toBe(true);
    expect(check('token=x&ssl_check=1')).toBe(true);
    expect(check('ssl%5Fcheck=1&token=x')).toBe(true);
    expect(check('command=%2Ftalep&ssl%5fcheck=1')).toBe(true); // an encoded name after values with % in them
    expect(check('token=x&ssl_check=1', 'application/x-www-form-urlencoded; charset=utf-8')).toBe(true);
  });

  it('is not a check otherwise', () => {
    expect(check('ssl_check=0&token=x')).toBe(false);
    expect(check('ssl_check=0&ssl_check=1')).toBe(false); // the first field decides, as URLSearchParams' get()
    expect(check('command=%2Ftalep&text=ssl_check%3D1&response_url=https%3A%2F%2Fhooks.slack.com%2Fx')).toBe(false);
    expect(check('ssl_checks=1')).toBe(false);
    expect(check('{"ssl_check":"1"}', 'application/json')).toBe(false);
    expect(check(`ssl_check=1&pad=${'x'.repeat(5000)}`)).toBe(false); // a check is tiny; a large body is not one
  });
});
