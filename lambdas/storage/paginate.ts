/**
 * Reads every page of a Query or Scan (DynamoDB returns at most 1 MB per call and a
 * `LastEvaluatedKey` to continue from).
 */
import {
  QueryCommand,
  ScanCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type Page = { Items?: Item[]; LastEvaluatedKey?: Item };

const allPages = async (fetchPage: (start: Item | undefined) => Promise<Page>): Promise<Item[]> => {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await fetchPage(start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
};

/** Every item a Query returns, across pages, in the Query's order. */
export const queryAll = (doc: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Item[]> =>
  allPages((start) => doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start })));

/**
 * Every item of a table, across pages. A full-table read: for tools and small tables only
 * (seed, crawler, reset), never a request path.
 */
export const scanAll = (doc: DynamoDBDocumentClient, input: ScanCommandInput): Promise<Item[]> =>
  allPages((start) => doc.send(new ScanCommand({ ...input, ExclusiveStartKey: start })));
