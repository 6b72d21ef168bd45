/** `If-Match` parsing (RFC 9110 §13.1.1, strong comparison) and the entity tags of versions (issue 16). */
import { describe, expect, it } from 'vitest';
import { entityTag, parseIfMatch } from './entity-tag.js';

describe('entity tags', () => {
  it('makes a strong, quoted tag of a version', () => {
    expect(entityTag(3)).toBe('"v3"');
  });

  it('accepts any version without If-Match or with *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
    expect(parseIfMatch('  *  ')).toBeUndefined();
  });

  it('reads a list of strong tags of ours, several headers included', () => {
    expect(parseIfMatch('"v3"')).toEqual([3]);
    expect(parseIfMatch('"v3", "v4" ,"v12"')).toEqual([3, 4, 12]);
    expect(parseIfMatch(['"v3"', '"v5"'])).toEqual([3, 5]);
  });

  it('matches nothing with a weak, foreign or malformed tag (the edit answers 412)', () => {
    expect(parseIfMatch('W/"v3"')).toEqual([]);
    expect(parseIfMatch('"abc", W/"v3"')).toEqual([]);
    expect(parseIfMatch('v3')).toEqual([]);
    expect(parseIfMatch('"v0"')).toEqual([]);
    expect(parseIfMatch('"v99999999999"')).toEqual([]);
    expect(parseIfMatch('')).toEqual([]);
    // a malformed list matches nothing, even the well-formed tags before the fault
    expect(parseIfMatch('"v3" garbage, "v4"')).toEqual([]);
  });
});
