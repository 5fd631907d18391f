import { decodeHTML } from 'entities';

/** Readable text of sanitised HTML (shared/html/sanitize.ts), for the derivations only (never shown): tags become spaces, entities decoded, no-break spaces plain. */
export const plainText = (html: string): string => decodeHTML(html.replace(/<[^>]*>/g, ' ')).replace(/\u00a0/g, ' ');
