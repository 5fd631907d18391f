/**
 * Structured data for search engines: `<JsonLdScript data={...} />` renders
 * `<script type="application/ld+json">` holding `data` as JSON, where it stands in the page
 * (Google reads JSON-LD in the body too, including scripts a page adds after loading).
 *
 * Safe to inline: the JSON is written with every "<" as the JSON escape \u003c, so no string
 * inside (a job title, an HTML description) can close the script element or open a comment.
 */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c');

export function JsonLdScript({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
