import { ERROR_CODES, MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

type Key = string | number;
/** A container being walked: its keys (null for an array) and how far the walk has got. */
type Frame = { node: object; keys: string[] | null; next: number; key: Key };

// PostgreSQL stores neither: text refuses NUL and json refuses both, and either refusal would surface as a 500.
function isMalformed(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * Parsed JSON, query strings and path parameters hold only arrays and plain objects (the query and params ones
 * inherit from a bare prototype); anything else, such as a stream or a Buffer, is not walked.
 */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function frameOf(node: object, key: Key): Frame {
  return { node, keys: Array.isArray(node) ? null : Object.keys(node), next: 0, key };
}

function pathOf(frames: readonly Frame[], last: Key): string {
  return [...frames.slice(1).map((frame) => frame.key), last].join('.');
}

/**
 * The dotted path of the first string (value or object key) in `root` that has a NUL or an unpaired surrogate, ''
 * for `root` itself, or null when all text is well-formed. One pass without recursion, because a 1 MB JSON body can
 * nest deeper than the call stack.
 */
export function findMalformedText(root: unknown): string | null {
  if (typeof root === 'string') return isMalformed(root) ? '' : null;
  if (!isContainer(root)) return null;
  const frames: Frame[] = [frameOf(root, '')];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const size = frame.keys ? frame.keys.length : (frame.node as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? (frame.keys[frame.next] as string) : frame.next;
    frame.next += 1;
    if (typeof key === 'string' && isMalformed(key)) return pathOf(frames, key);
    const value: unknown = (frame.node as Record<Key, unknown>)[key];
    if (typeof value === 'string') {
      if (isMalformed(value)) return pathOf(frames, key);
    } else if (isContainer(value)) frames.push(frameOf(value, key));
  }
  return null;
}

/**
 * Refuses, before any route's schema runs, a request whose JSON body, query string or path parameters carry text
 * PostgreSQL cannot store: once here instead of on every string field of every schema. Multipart bodies are
 * streamed by the upload route and never reach `request.body`.
 */
export const wellFormedTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [part, context] of [
        [request.params, 'params'],
        [request.query, 'querystring'],
        [request.body, 'body'],
      ] as const) {
        const path = findMalformedText(part);
        if (path === null) continue;
        const message = MESSAGES.malformedText;
        throw new HttpError(400, ERROR_CODES.validation, message, { [path || context]: message });
      }
    });
  },
  { name: 'well-formed-text', dependencies: ['errors'] },
);
