import { z } from 'zod';
import { envelopeSchema } from '@dms/shared/contracts/envelope';
import {
  endpoints,
  rawOperations,
  type Access,
  type EndpointDef,
  type RawOperationDef,
} from '@dms/shared/contracts/http/endpoints';
import { API_BASE, APP_VERSION } from '@dms/shared/contracts/http/paths';
import { ERROR_MESSAGES } from '@dms/shared/errors/codes';
import { MESSAGES } from '@dms/shared/errors/messages';
import { INT_ID_MAX } from '@dms/shared/contracts/http/inputPolicy';

type JsonSchema = Record<string, unknown>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

function describeAccess(access: Access): string {
  if (access === 'public') return 'Access: public (no token).';
  if (access === 'session') return 'Access: any signed-in account.';
  if (access === 'display') return "Access: a wall screen's display token (pending or active).";
  return `Access: permission code ${access.join(' or ')} (the super role passes every check).`;
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** An operation outside the envelope registry (the signed ingest, the avatar image). */
function rawOperation(key: string, def: RawOperationDef): JsonSchema {
  const op: JsonSchema = {
    operationId: key,
    tags: [def.tag],
    summary: def.summary,
    description:
      `${def.description} ` +
      (def.access === 'signed'
        ? 'Access: signed with the shared ingest secret (no user token).'
        : Array.isArray(def.access)
          ? `Access: permission code ${def.access.join(' or ')}, by bearer token or Admin-Token cookie.`
          : 'Access: the signed-in account, by bearer token or Admin-Token cookie.'),
    'x-permission': def.access,
    security: def.access === 'signed' ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }],
  };
  const parameters: JsonSchema[] = [
    ...Object.entries(def.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'integer', minimum: 1, maximum: INT_ID_MAX },
    })),
    ...Object.entries(def.headers ?? {}).map(([name, description]) => ({
      name,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    })),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  if (def.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(def.body, 'input') } },
    };
  }
  op.responses = Object.fromEntries(
    Object.entries(def.statuses).map(([status, description]) => {
      if (status !== '200') return [status, error(description)];
      const content =
        'mediaType' in def.response
          ? { [def.response.mediaType]: { schema: { type: 'string' } } }
          : { 'application/json': { schema: jsonSchema(envelopeSchema(def.response), 'output') } };
      return [status, { description, content }];
    }),
  );
  (op.responses as Record<string, unknown>)['500'] ??= error('Internal error (code -1)');
  return op;
}

function operation(key: string, def: EndpointDef): JsonSchema {
  const op: JsonSchema = {
    operationId: key,
    tags: [def.tag],
    summary: def.summary,
    description:
      describeAccess(def.access) + (def.watch ? " A wall screen's active display token may call it too." : ''),
    'x-permission': def.access,
    ...(def.watch ? { 'x-display': true } : {}),
    security: def.access === 'public' ? [] : [{ bearerAuth: [] }],
  };
  if (def.query) op.parameters = queryParameters(def.query);
  if (def.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(def.body, 'input') } },
    };
  }
  const success =
    def.response === 'file'
      ? {
          description: 'An .xlsx file (content-disposition names it)',
          content: { [XLSX]: { schema: { type: 'string', contentEncoding: 'binary' } } },
        }
      : {
          description: 'Success envelope (code 0)',
          content: { 'application/json': { schema: jsonSchema(envelopeSchema(def.response), 'output') } },
        };
  const refusals: Record<number, string | undefined> = { ...def.refusals };
  op.responses = {
    '200': success,
    '400': error('Validation or business rule refused (code -1 or a code of the catalogue)'),
    ...(def.access === 'public' ? {} : { '401': error('No, unknown or expired token (code -2)') }),
    ...(Array.isArray(def.access) ? { '403': error('No permission (code -1)') } : {}),
    // Every POST and DELETE goes through the JSON body parser, a call without a body of its own too.
    ...(def.method !== 'GET'
      ? {
          '413': error('The body is over 1 MB (code -1)'),
          '415': error('An unsupported body encoding or charset (code -1)'),
        }
      : {}),
    ...Object.fromEntries(Object.entries(refusals).map(([status, what]) => [status, error(what ?? '')])),
    '500': error('Internal error (code -1)'),
  };
  return op;
}

/**
 * The OpenAPI 3.1 document of every operation: the endpoints of the shared registry, with the envelope
 * around each result, and the operations outside it (signed ingest, avatar), each with every status it
 * answers.
 */
export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    (paths[def.path] ??= {})[def.method.toLowerCase()] = operation(key, def);
  }
  for (const [key, def] of Object.entries(rawOperations) as [string, RawOperationDef][]) {
    (paths[def.path] ??= {})[def.method.toLowerCase()] = rawOperation(key, def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Management System API',
      version: APP_VERSION,
      description:
        'Every response body is the envelope {code, msg, data}; code 0 is success. A refusal may add `key` ' +
        '(a stable message key) and `params` (its values); see components.schemas.ErrorEnvelope. Codes: ' +
        Object.entries(ERROR_MESSAGES)
          .map(([code, msg]) => `${code} ${msg}`)
          .join('; ') +
        '. Input policy of every request and event: text refuses control characters (U+0000–U+001F, ' +
        'U+007F–U+009F) and bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) ' +
        'with code -1 naming the field (key validation.controlCharacters or validation.bidiControl); ids and ' +
        `integer filters are whole numbers from 1 to ${INT_ID_MAX} (key validation.integerRange).`,
    },
    servers: [{ url: API_BASE }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /user/login' },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'Admin-Token',
          description: 'The same token in the cookie the client keeps (read by the avatar image only)',
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          description:
            "A refusal: the spec's envelope {code, msg, data}, and where one code covers several cases a stable " +
            'message key with its parameters. `msg` is the English text; clients show the text of `key` ' +
            '(else of `code`) in their language and fall back to `msg` for one they do not know.',
          properties: {
            code: { type: 'integer', description: "A code of the spec's catalogue (see info.description)" },
            msg: { type: 'string', description: 'English text of the refusal' },
            data: { description: 'Details of the refusal (refused items), or null' },
            key: { type: 'string', enum: Object.keys(MESSAGES), description: 'Stable dotted message key' },
            params: {
              type: 'object',
              additionalProperties: { type: ['string', 'number'] },
              description: "Values the key's text interpolates ({{name}}), e.g. {field: 'username'}",
            },
          },
          required: ['code', 'msg', 'data'],
        },
      },
    },
    tags: [...new Set(Object.values(endpoints).map((e) => e.tag))].map((name) => ({ name })),
    paths,
  };
}
