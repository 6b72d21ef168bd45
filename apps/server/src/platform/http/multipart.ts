/**
 * Reading the file of a `multipart/form-data` upload (avatars, logos, equipment pictures; `@fastify/multipart`
 * registered in each of those modules' scope). A body that cannot be parsed — truncated, without a boundary, garbled
 * part headers — answers 400 `multipart_invalid` (issue 11 "Hardening"), not a 500; the size limits keep their 413
 * (`payload_too_large`).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * The bytes of the first part of the request when it is the file field `field` (default `file`), or null when the
 * body has no part or the first one is another field. Call only on a multipart request (`request.isMultipart()`).
 * Throws 400 `multipart_invalid` for a malformed body; lets the 413 limit errors of `@fastify/multipart` through.
 */
export async function readUploadedFile(request: FastifyRequest, field = 'file'): Promise<Buffer | null> {
  try {
    const part = await request.file();
    return part && part.fieldname === field ? await part.toBuffer() : null;
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode === 413) throw error;
    request.log.debug({ err: error }, 'malformed multipart body');
    throw new AppError('multipart_invalid', { status: 400 });
  }
}

/** A `multipart/form-data` body read whole: its file (the first part named `field`) and its text fields. */
export interface UploadedForm {
  /** The bytes of the file part, or null when the body has none. */
  file: Buffer | null;
  /** The text fields by name (the last value of a repeated one). */
  fields: Record<string, string>;
}

/**
 * The file part `field` (default `file`) and every text field of the request, in any order. Call only on a
 * multipart request (`request.isMultipart()`); the limits of the route's `@fastify/multipart` registration apply.
 * Throws 400 `multipart_invalid` for a malformed body; lets the 413 limit errors of `@fastify/multipart` through.
 */
export async function readUploadedForm(request: FastifyRequest, field = 'file'): Promise<UploadedForm> {
  const form: UploadedForm = { file: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === field && form.file === null) form.file = bytes;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
    return form;
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode === 413) throw error;
    request.log.debug({ err: error }, 'malformed multipart body');
    throw new AppError('multipart_invalid', { status: 400 });
  }
}
