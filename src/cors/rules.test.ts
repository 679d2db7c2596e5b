import { describe, expect, it } from 'vitest';
import { INVALID_ORIGIN, ORIGINS_LIMIT } from '../../contract/frontend-api';
import { BadRequestError, ForbiddenError } from '../shared/api/errors';
import { lineProblem, originLines, originsProblem, originsText, refusalProblem, TOO_MANY_ORIGINS } from './rules';

describe('CORS origins rules', () => {
  it('read one origin a line, trimmed, blank lines left out, each with its line number', () => {
    expect(originLines(' https://a.example \n\n*\r\n  \nhttp://localhost:3000')).toEqual([
      { origin: 'https://a.example', line: 1 },
      { origin: '*', line: 3 },
      { origin: 'http://localhost:3000', line: 5 },
    ]);
    expect(originLines('')).toEqual([]);
    expect(originLines(originsText(['*', 'https://b.example']))).toEqual([
      { origin: '*', line: 1 },
      { origin: 'https://b.example', line: 2 },
    ]);
  });

  it("name the first line the server's rule refuses", () => {
    expect(originsProblem(originLines('*\nhttps://ok.example\nhttp://[::1]:8080'))).toBeUndefined();
    expect(originsProblem(originLines('https://ok.example\n\nhttps://example.com/path\nftp://x'))).toBe(
      `Line 3, "https://example.com/path": ${INVALID_ORIGIN}`,
    );
    expect(originsProblem(originLines('https://ok.example/'))).toBe(`Line 1, "https://ok.example/": ${INVALID_ORIGIN}`);
    const many = Array.from({ length: ORIGINS_LIMIT + 1 }, (_, i) => `https://h${i}.example`).join('\n');
    expect(originsProblem(originLines(many))).toBe(TOO_MANY_ORIGINS);
    expect(originsProblem(originLines(many.split('\n').slice(1).join('\n')))).toBeUndefined();
  });

  it('quote a long origin shortened', () => {
    const long = `https://${'a'.repeat(600)}.example`;
    expect(lineProblem({ origin: long, line: 2 }, 'too long')).toBe(`Line 2, "${long.slice(0, 59)}…": too long`);
  });

  it("put the server's 400 on the line its details name; other failures are not the field's", () => {
    const sent = originLines('*\n\nhttps://ok.example\nhttps://bad.example/x');
    const refusal = (path: unknown[], message: string) =>
      new BadRequestError(400, message, { isJoi: true, message, details: [{ message, path }] });
    expect(refusalProblem(refusal(['frontendApiOrigins', 2], INVALID_ORIGIN), sent)).toBe(
      `Line 4, "https://bad.example/x": ${INVALID_ORIGIN}`,
    );
    // The schema's refusals name the index as a string.
    expect(refusalProblem(refusal(['frontendApiOrigins', '1'], 'too long'), sent)).toBe(
      'Line 3, "https://ok.example": too long',
    );
    expect(refusalProblem(refusal(['frontendApiOrigins'], 'too many'), sent)).toBe('too many');
    expect(refusalProblem(new ForbiddenError(403, 'You cannot perform this action'), sent)).toBeUndefined();
    expect(refusalProblem(new Error('offline'), sent)).toBeUndefined();
  });
});
