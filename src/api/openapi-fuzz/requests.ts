import fc from "fast-check";
import { controlText, HOSTILE_NUMBERS, HOSTILE_RAW, hostileText, INJECTION_TEXTS, percentEncode, PLAUSIBLE_WORDS, unicodeText } from "./hostile-values.ts";

/** The parts of an OpenAPI 3.1 document the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One operation to fuzz: a method and a path template with `{name}` parameters. */
export interface Target {
  name: string;
  method: string;
  path: string;
  operation: Operation;
}

/** A generated request, ready for `inject`; the URL's parameters are already percent-encoded. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Every path × method of the document, in a stable order. */
export function targetsOf(doc: OpenApiDocument): Target[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ["get", "post", "put", "patch", "delete", "head", "options"].includes(method))
      .map(([method, operation]) => ({ name: operation.operationId ?? `${method} ${path}`, method: method.toUpperCase(), path, operation })),
  );
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A pattern the generator can build strings from; null when the JS engine or fast-check cannot. */
function matching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

/**
 * A value the schema accepts: mostly an ordinary one, often an edge one that the declared
 * constraints still allow (the largest integer, a text with NUL or emoji within its length),
 * because those get past validation to the handler and the database.
 */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const edge = edgeValue(schema);
  const ordinary = ordinaryValue(schema, depth);
  return edge ? fc.oneof({ weight: 3, arbitrary: ordinary }, { weight: 2, arbitrary: edge }) : ordinary;
}

/** Integers at the borders of 32 and 64 bits (and of the schema); texts full of trouble, cut to the schema's length. */
function edgeValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> | null {
  if (!schema || schema.enum || schema.anyOf || schema.oneOf || schema.format || schema.pattern) return null;
  const types = typesOf(schema);
  if (types.includes("integer") || types.includes("number")) {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Number.MAX_SAFE_INTEGER);
    const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
    const candidates = [...new Set([min, max, 2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, -(2 ** 31) - 1])].filter((n) => n >= min && n <= max);
    return fc.constantFrom(...candidates);
  }
  if (!types.includes("string")) return null;
  const minLength = Math.max(schema.minLength ?? 1, 1);
  const maxLength = schema.maxLength ?? 100_000;
  const long = fc.constantFrom("a", "é", "😀").map((unit) => unit.repeat(Math.max(minLength, Math.floor(Math.min(maxLength, 100_000) / unit.length))));
  return fc
    .oneof({ weight: 3, arbitrary: controlText }, { weight: 2, arbitrary: unicodeText }, { weight: 1, arbitrary: fc.constantFrom(...INJECTION_TEXTS) }, { weight: 1, arbitrary: long })
    .map((text) => text.slice(0, maxLength))
    .filter((text) => text.trim().length >= minLength);
}

function ordinaryValue(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((b) => validValue(b, depth)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (types.includes("integer") || types.includes("number")) {
    const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1), -1_000_000);
    // Small numbers: the seeded catalogue's ids, pages and prices live there.
    const max = Math.min(schema.maximum ?? 1_000_000, min + 400);
    return fc.oneof(fc.constantFrom(min, Math.min(Math.max(1, min), max)), fc.integer({ min, max }));
  }
  if (types.includes("boolean")) return fc.boolean();
  if (types.includes("array")) return fc.array(validValue(schema.items, depth + 1), { maxLength: 3 });
  if (types.includes("object") || schema.properties) {
    if (depth > 3) return fc.constant({});
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties ?? {});
    return fc.record(Object.fromEntries(entries.map(([key, s]) => [key, validValue(s, depth + 1)])), {
      requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
    });
  }
  if (types.includes("null")) return fc.constant(null);
  if (schema.format === "uuid") return fc.uuid({ version: 4 });
  if (schema.format === "email") return fc.constantFrom("demo@reloop.local", "someone@example.com", "a.b+c@example.org");
  const fromPattern = schema.pattern ? matching(schema.pattern) : null;
  if (fromPattern) return fromPattern.filter((s) => s.length <= (schema.maxLength ?? Infinity));
  const maxLength = Math.min(schema.maxLength ?? 30, 30);
  const minLength = Math.min(Math.max(schema.minLength ?? 1, 1), maxLength);
  const words = PLAUSIBLE_WORDS.filter((s) => s.length >= minLength && s.length <= maxLength);
  return fc.oneof(...(words.length > 0 ? [fc.constantFrom(...words)] : []), fc.string({ unit: fc.constantFrom(..."abcdefxyz0189 -"), minLength, maxLength }));
}

const isNumeric = (schema: JsonSchema | undefined) => typesOf(schema?.items ?? schema ?? {}).some((t) => t === "integer" || t === "number");

/** A hostile text for a field of this schema: number-like texts weigh more where a number is expected. */
const hostileTextFor = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  isNumeric(schema) ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) }, { weight: 1, arbitrary: hostileText }) : hostileText;

/** A hostile value as it appears in a URL: encoded hostile text, or raw broken bytes. */
const hostileRawFor = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  fc.oneof({ weight: 5, arbitrary: hostileTextFor(schema).map(percentEncode) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW) });

/** A hostile JSON value in place of a field: hostile texts, numbers past any column, wrong types. */
const hostileJsonFor = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileTextFor(schema) },
    { weight: 2, arbitrary: fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 53), -1, 0, 1.5, 1e300, -1e300) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [1, "a"], { a: { b: { c: 1 } } }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

/** A valid-looking value for a parameter, encoded for the URL. */
const encodedValid = (schema: JsonSchema | undefined) => validValue(schema).map((v) => (Array.isArray(v) ? v.map((x) => percentEncode(String(x))).join(",") : percentEncode(String(v))));

/** A hostile stand-in for one parameter: a hostile value, many values, or none at all. */
const hostileParam = (schema: JsonSchema | undefined): fc.Arbitrary<string[]> =>
  fc.oneof(
    { weight: 6, arbitrary: hostileRawFor(schema).map((v) => [v]) },
    { weight: 1, arbitrary: fc.array(fc.oneof(encodedValid(schema), hostileRawFor(schema)), { minLength: 2, maxLength: 25 }) },
    { weight: 1, arbitrary: fc.constant<string[]>([]) },
  );

/**
 * Path and query: every parameter plausible (optional ones sometimes absent), then one or two
 * of them made hostile, so the hostile value gets past the others' validation to the handler.
 */
function urlArb(template: string, params: Parameter[]): fc.Arbitrary<string> {
  const used = params.filter((p) => p.in === "path" || p.in === "query");
  const plausible = fc.tuple(
    ...used.map((p) => (p.in === "path" || p.required
        ? encodedValid(p.schema).map((v) => [v])
        : fc.oneof(fc.constant<string[]>([]), encodedValid(p.schema).map((v) => [v])))),
  );
  const hostile =
    used.length === 0
      ? fc.constant([])
      : fc.array(fc.nat(used.length - 1).chain((i) => hostileParam(used[i]!.schema).map((values) => [i, values] as const)), { maxLength: 2 });
  const extra = fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom("__proto__", "constructor", "a[b]", "%00", "%ff", "x".repeat(3000), ""), hostileRawFor(undefined)).map(([k, v]) => `${k}=${v}`),
      fc.constantFrom("&", "=", "novalue", "a=1&a=2&a=3"),
    ),
    { maxLength: 1 },
  );
  return fc.tuple(plausible, hostile, extra).map(([values, overrides, more]) => {
    const chosen = [...values];
    for (const [i, v] of overrides) chosen[i] = v;
    let path = template;
    const query: string[] = [];
    used.forEach((p, i) => {
      const v = chosen[i] ?? [];
      if (p.in === "path") path = path.replace(`{${p.name}}`, v.join(","));
      else query.push(...v.map((x) => `${encodeURIComponent(p.name)}=${x}`));
    });
    const search = [...query, ...more].join("&");
    return search ? `${path}?${search}` : path;
  });
}

interface Body {
  contentType?: string;
  payload?: string;
}

const NOT_JSON = ["{", '{"a":', "nul", "\u0000", "[".repeat(20_000), '{"a":1}garbage', "'single'", "{'a':1}", "\uFEFF{}", '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', "1".repeat(400), '"\\ud800"'];
const CONTENT_TYPES = ["text/plain", "multipart/form-data", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "application/xml", "application/json; charset=latin1", "application/json-patch+json", "APPLICATION/JSON", "application/json;;", "*/*", ""];

/** A schema-shaped object with one field (or more) replaced, dropped or added. */
function mutatedObject(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  // fromEntries makes "__proto__" an own key, as JSON.parse would.
  const properties: Record<string, JsonSchema | undefined> = Object.fromEntries([...Object.entries(schema?.properties ?? {}), ["extra", undefined], ["__proto__", undefined]]);
  const change = fc.constantFrom(...Object.keys(properties)).chain((key) => fc.tuple(fc.constant(key), fc.option(hostileJsonFor(properties[key]), { nil: undefined })));
  return fc
    .tuple(validValue(schema), fc.array(change, { minLength: 1, maxLength: 2 }))
    .map(([base, changes]) => {
      if (typeof base !== "object" || base === null || Array.isArray(base)) return base;
      const copy: Record<string, unknown> = { ...base };
      for (const [key, value] of changes) {
        if (value === undefined) delete copy[key];
        else Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
      }
      return copy;
    });
}

/** Request bodies: valid, mutated, arbitrary JSON, broken JSON, wrong content types, empty. */
function bodyArb(operation: Operation): fc.Arbitrary<Body> {
  const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const json = (value: unknown): Body => ({ contentType: "application/json", payload: JSON.stringify(value) ?? "null" });
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map(json) },
    { weight: 5, arbitrary: mutatedObject(schema).map(json) },
    { weight: 1, arbitrary: hostileJsonFor(schema).map(json) },
    { weight: 2, arbitrary: fc.constantFrom(...NOT_JSON).map((payload) => ({ contentType: "application/json", payload })) },
    { weight: 1, arbitrary: fc.constant({ contentType: "application/json", payload: "" }) },
    // An object with none of its optional fields: "change nothing" must be refused or done, never break.
    { weight: 1, arbitrary: fc.constant({ contentType: "application/json", payload: "{}" }) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), validValue(schema)).map(([contentType, value]) => ({ contentType, payload: JSON.stringify(value) ?? "" })) },
    { weight: 1, arbitrary: fc.constantFrom("a=1&b=%00", "email=%00&token=%ff", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--").map((payload) => ({ contentType: "application/x-www-form-urlencoded", payload })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Headers a client might send: cookies and ids with odd values. Same-origin, so state-changing requests reach validation. */
const headersArb = (method: string): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        cookie: fc.constantFrom("reloop-language=xx", "reloop-language=%00", "reloop-session=garbage", "reloop-session=", "reloop-verified=1.abc", "a=%ff; b"),
        "x-request-id": fc.constantFrom("short", "x".repeat(200), "trace-12345678", "../../../../"),
        "accept-language": fc.constantFrom("*", "zz-ZZ", "de-DE,de;q=0.9"),
      },
      { requiredKeys: [] },
    )
    .map((headers) => (SAFE_METHODS.has(method) ? headers : { ...headers, "sec-fetch-site": "same-origin" }));

/** Requests for one operation. */
export function requestsFor(target: Target): fc.Arbitrary<FuzzRequest> {
  const params = target.operation.parameters ?? [];
  const hasBody = target.operation.requestBody !== undefined || !SAFE_METHODS.has(target.method);
  return fc
    .record({
      url: urlArb(target.path, params),
      body: hasBody ? bodyArb(target.operation) : fc.constant<Body>({}),
      headers: headersArb(target.method),
    })
    .map(({ url, body, headers }) => ({
      method: target.method,
      url,
      headers: body.contentType === undefined || body.contentType === "" ? headers : { ...headers, "content-type": body.contentType },
      ...(body.payload === undefined ? {} : { body: body.payload }),
    }));
}

/** A request as a reader wants it in a failure: long texts cut, lengths kept. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${JSON.stringify(text.slice(0, 300))}… (${text.length} characters)` : JSON.stringify(text));
  return [
    `${request.method} ${cut(request.url)}`,
    `  headers: ${cut(JSON.stringify(request.headers))}`,
    ...(request.body === undefined ? [] : [`  body: ${cut(request.body)}`]),
  ].join("\n");
}
