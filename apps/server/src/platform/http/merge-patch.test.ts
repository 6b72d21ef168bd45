/** RFC 7396 JSON merge patch (SPEC §7 "patches use merge-patch"): the examples of the RFC's appendix A. */
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './merge-patch.js';

describe('applyMergePatch', () => {
  const examples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(examples)('patches %j with %j into %j (RFC 7396 appendix A)', (target, patch, result) => {
    expect(applyMergePatch(target, patch)).toEqual(result);
  });

  it('leaves its arguments unchanged and ignores a __proto__ member', () => {
    const target = { contact: { firstname: 'Jean', notes: 'x' } };
    const patch = JSON.parse('{"contact": {"notes": null}, "__proto__": {"polluted": true}}');
    expect(applyMergePatch(target, patch)).toEqual({ contact: { firstname: 'Jean' } });
    expect(target).toEqual({ contact: { firstname: 'Jean', notes: 'x' } });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
