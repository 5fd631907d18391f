/**
 * The one error a source adapter throws: the body it was given is not that provider's job
 * board at all (an error page, another API's JSON, a non-JSON value). Named so the crawler
 * can tell it from a network error and mark the company's source as failing with the message,
 * without closing any job. A bad posting inside a real board is never this error: adapters
 * skip it with a reason instead.
 */
export class SourceFormatError extends Error {
  override readonly name = 'SourceFormatError';
}
