/**
 * The process's X-Ray tracer (Powertools for AWS Lambda's Tracer, @aws-lambda-powertools/tracer):
 * the functions run with active tracing (infra/aws/constructs/service-function.ts), and every AWS
 * SDK client they build goes through `traced`, so each DynamoDB, SES, SQS and Secrets Manager
 * call shows as a subsegment. Outside Lambda (tests, `npm start`) Powertools turns tracing off
 * and `traced` returns the client unchanged.
 *
 * The tracer is made on first use, so importing this module has no side effects.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

let tracer: Tracer | undefined;

/** The one Tracer of this process. */
export const processTracer = (): Tracer => (tracer ??= new Tracer());

/** `client` with its requests traced (the same object, instrumented). */
export const traced = <Client>(client: Client): Client => processTracer().captureAWSv3Client(client);
