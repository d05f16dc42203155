import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage, fieldError, fieldErrors, hasFieldErrors, isFieldPath, wordsByMessage, type FieldWords } from './api-errors';

// A translator that shows which key was asked for (and its variables).
const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}(${JSON.stringify(vars)})` : key);

const invalid = new ApiError(422, 'validation_failed', 'name: is required; options.2.code: letters, digits, _ . - only', [
  { field: 'name', message: 'is required' },
  { field: 'options.2.code', message: 'letters, digits, _ . - only' },
  { field: 'name', message: 'at most 100 characters' },
]);
const taken = new ApiError(409, 'conflict', 'The code is already used', [
  { field: 'code', message: 'is already used by another attribute' },
]);

describe('isFieldPath', () => {
  it('matches the field and what lies inside it, not a longer name', () => {
    expect(isFieldPath('options', 'options')).toBe(true);
    expect(isFieldPath('options.2.code', 'options')).toBe(true);
    expect(isFieldPath('options.2.code', 'options.2')).toBe(true);
    expect(isFieldPath('optionsExtra', 'options')).toBe(false);
    expect(isFieldPath('query.to', 'to')).toBe(false);
  });
});

describe('fieldErrors', () => {
  it('keys each message by the path the server named; the first message of a path wins', () => {
    expect(fieldErrors(invalid)).toEqual({ name: 'is required', 'options.2.code': 'letters, digits, _ . - only' });
  });

  it('is empty for an error that names no field, and for anything that is not an ApiError', () => {
    expect(fieldErrors(new ApiError(404, 'not_found', 'Not found'))).toEqual({});
    expect(fieldErrors(new Error('boom'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });

  it("uses the feature's words where it has them and the server's elsewhere", () => {
    const words: FieldWords = (f, e) => (f.field === 'name' && e.status === 422 ? t('x.required') : undefined);
    expect(fieldErrors(invalid, words)).toEqual({ name: 'x.required', 'options.2.code': 'letters, digits, _ . - only' });
  });
});

describe('fieldError', () => {
  it('finds the field itself or the first error inside it', () => {
    expect(fieldError(invalid, 'name')).toBe('is required');
    expect(fieldError(invalid, 'options')).toBe('letters, digits, _ . - only');
    expect(fieldError(invalid, 'options.2.code')).toBe('letters, digits, _ . - only');
    expect(fieldError(invalid, 'nativeName')).toBeUndefined();
    expect(fieldError(new Error('boom'), 'name')).toBeUndefined();
  });

  it('passes the whole error to the words, so a 409 can be worded apart from a 422', () => {
    const words: FieldWords = (f, e) => (e.status === 409 && f.field === 'code' ? t('x.codeTaken') : undefined);
    expect(fieldError(taken, 'code', words)).toBe('x.codeTaken');
    expect(fieldError(new ApiError(422, 'validation_failed', '', [{ field: 'code', message: 'bad' }]), 'code', words)).toBe('bad');
  });
});

describe('hasFieldErrors', () => {
  it('says whether the server named any field, or one of the given ones', () => {
    expect(hasFieldErrors(invalid)).toBe(true);
    expect(hasFieldErrors(invalid, ['options'])).toBe(true);
    expect(hasFieldErrors(invalid, ['code', 'nativeName'])).toBe(false);
    expect(hasFieldErrors(new ApiError(500, 'internal', 'x'))).toBe(false);
    expect(hasFieldErrors(new Error('x'))).toBe(false);
  });
});

describe('wordsByMessage', () => {
  it("gives the key of the first rule that matches the server's message, else keeps the server's words", () => {
    const words = wordsByMessage(t, [
      [/is required/, 'x.required'],
      [/already used/, 'x.taken'],
      [/required|used/, 'x.never'],
    ]);
    expect(fieldErrors(invalid, words)).toEqual({ name: 'x.required', 'options.2.code': 'letters, digits, _ . - only' });
    expect(fieldError(taken, 'code', words)).toBe('x.taken');
  });
});

describe('errorMessage', () => {
  it('joins the field errors, each named by its path', () => {
    expect(errorMessage(t, invalid)).toBe('name: is required options.2.code: letters, digits, _ . - only name: at most 100 characters');
  });

  it("names fields by the feature's labels, or not at all where the label is null", () => {
    const words = wordsByMessage(t, [[/is required/, 'x.required']]);
    const label = (field: string) => (field === 'name' ? t('x.field.name') : field.startsWith('options.') ? null : undefined);
    expect(errorMessage(t, invalid, { field: words, label })).toBe(
      'x.field.name: x.required letters, digits, _ . - only x.field.name: at most 100 characters',
    );
  });

  it('says what a conflict without fields means where it happens, else the server says it', () => {
    const conflict = new ApiError(409, 'conflict', 'The default language cannot be removed');
    expect(errorMessage(t, conflict, { conflict: 'x.keepDefault' })).toBe('x.keepDefault');
    expect(errorMessage(t, conflict)).toBe('The default language cannot be removed');
    // A conflict that names a field is about that field.
    expect(errorMessage(t, taken, { conflict: 'x.keepDefault' })).toBe('code: is already used by another attribute');
  });

  it('words a missing record and a refusal, with defaults', () => {
    expect(errorMessage(t, new ApiError(404, 'not_found', 'Not found'))).toBe('common.notFound');
    expect(errorMessage(t, new ApiError(404, 'not_found', 'Not found'), { notFound: 'x.gone' })).toBe('x.gone');
    expect(errorMessage(t, new ApiError(403, 'forbidden', 'Forbidden'))).toBe('common.forbidden');
    expect(errorMessage(t, new ApiError(401, 'unauthorized', 'Sign in'), { forbidden: 'x.no' })).toBe('x.no');
  });

  it("keeps the server's message for other answers, and says something when there is none", () => {
    expect(errorMessage(t, new ApiError(429, 'rate_limited', 'Too many requests, try again in 5 minutes'))).toBe(
      'Too many requests, try again in 5 minutes',
    );
    expect(errorMessage(t, new ApiError(500, 'internal', ''))).toBe('common.error');
  });

  it('says the server could not be reached when there was no answer', () => {
    expect(errorMessage(t, new TypeError('Failed to fetch'))).toBe('common.networkError');
    expect(errorMessage(t, new ApiError(0, 'network', 'Network error'), { network: 'x.offline' })).toBe('x.offline');
  });

  it('shows an error thrown in the page by its own message, and anything else as a plain failure', () => {
    expect(errorMessage(t, new Error('x.pickAFile'))).toBe('x.pickAFile');
    expect(errorMessage(t, 'oops')).toBe('common.error');
  });
});
