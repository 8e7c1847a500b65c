/**
 * Errors of the fake Qdrant, worded as the server words them (`StorageError` display strings):
 * "Not found: …", "Wrong input: …", "Bad request: …", and the actix extractor errors
 * "Format error in JSON body: …" (serde, 400) / "Validation error in JSON body: […]" (422).
 */

/** An error the Qdrant handler turns into `{status: {error}, time}`. */
export class QdrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'QdrantError';
  }
}

/** 404 for a missing collection, with the server's exact sentence. */
export function collectionNotFound(name: string): QdrantError {
  return new QdrantError(404, `Not found: Collection \`${name}\` doesn't exist!`);
}

/** 400 `Wrong input: …` (Qdrant's `StorageError::BadInput`). */
export function wrongInput(message: string): QdrantError {
  return new QdrantError(400, `Wrong input: ${message}`);
}

/** 400 `Bad request: …` (Qdrant's `StorageError::BadRequest`). */
export function badRequest(message: string): QdrantError {
  return new QdrantError(400, `Bad request: ${message}`);
}

/** 422 from the request validator, `[path: message]` as the `validator` crate prints it. */
export function validationError(path: string, message: string): QdrantError {
  return new QdrantError(422, `Validation error in JSON body: [${path}: ${message}]`);
}

/** 422 for a custom rule of the `validator` crate, printed as `Validation error: <code> [{}]`. */
export function validatorError(path: string, code: string): QdrantError {
  return validationError(path, `Validation error: ${code} [{}]`);
}

/** 400 for bodies serde cannot deserialize. */
export function formatError(message: string): QdrantError {
  return new QdrantError(400, `Format error in JSON body: ${message}`);
}

/** The vector-dimension error (400), which clients parse for "expected dim: N, got M". */
export function dimensionError(expected: number, got: number): QdrantError {
  return wrongInput(`Vector dimension error: expected dim: ${expected}, got ${got}`);
}

/** 400 for a vector name the collection does not have ('' is the unnamed default vector). */
export function vectorNameError(name: string): QdrantError {
  return wrongInput(`Not existing vector name error: ${name}`);
}

/** 400 for features the real server has but this fake deliberately does not implement. */
export function unsupported(feature: string): QdrantError {
  return badRequest(`${feature} is not supported by the fake Qdrant used in tests`);
}
